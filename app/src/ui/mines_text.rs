//! MineLayer's window text in its 8 languages (en, zh, es, de, fr, ru, ja, ko),
//! in the order of `share::LANGUAGES`; English for any other code.

/// The text for `key` in MineLayer language `lang` (`{n}`, `{mines}`, `{time}` are filled in by callers).
pub fn mt(lang: &str, key: &'static str) -> &'static str {
    let i = retrace_kernel::mines::share::LANGUAGES.iter().position(|l| lang.get(..2) == Some(*l)).unwrap_or(0);
    match MT.binary_search_by(|(k, _)| (*k).cmp(key)) {
        Ok(at) => MT[at].1[i],
        Err(_) => key,
    }
}

/// Every key's text in the 8 languages (in the order of `share::LANGUAGES`),
/// sorted by key so [`mt`] finds one by halving; a test keeps the order.
pub const MT: &[(&str, [&str; 8])] = &[
    ("beginner", ["Beginner", "初级", "Principiante", "Anfänger", "Débutant", "Новичок", "初級", "초급"]),
    ("best", ["best", "最佳", "mejor", "Bestzeit", "record", "лучшее", "ベスト", "최고"]),
    ("cancel", ["Cancel", "取消", "Cancelar", "Abbrechen", "Annuler", "Отмена", "キャンセル", "취소"]),
    (
        "copied",
        ["Copied.", "已复制。", "Copiado.", "Kopiert.", "Copié.", "Скопировано.", "コピーしました。", "복사했습니다."],
    ),
    ("copy", ["Copy", "复制", "Copiar", "Kopieren", "Copier", "Копировать", "コピー", "복사"]),
    (
        "custom",
        ["Custom", "自定义", "Personalizado", "Benutzerdefiniert", "Personnalisé", "Свой", "カスタム", "사용자 지정"],
    ),
    (
        "dead",
        [
            "Misplaced mine — that square was safe.",
            "布错了——那个格子是安全的。",
            "Mina mal colocada: esa casilla era segura.",
            "Falsch gelegt – dieses Feld war sicher.",
            "Mine mal placée : cette case était sûre.",
            "Мина не на месте — эта клетка была безопасной.",
            "置き間違い — そのマスは安全でした。",
            "잘못 놓은 지뢰 — 그 칸은 안전했습니다.",
        ],
    ),
    ("expert", ["Expert", "高级", "Experto", "Experte", "Expert", "Профессионал", "上級", "고급"]),
    ("game", ["Game", "游戏", "Juego", "Spiel", "Partie", "Игра", "ゲーム", "게임"]),
    ("help", ["Help", "帮助", "Ayuda", "Hilfe", "Aide", "Справка", "ヘルプ", "도움말"]),
    (
        "help1",
        [
            "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
            "数字是线索：表示周围 8 格中有几颗雷。",
            "Los números son pistas: cada uno dice cuántas de sus 8 vecinas tienen mina.",
            "Die Zahlen sind Hinweise: Jede sagt, wie viele ihrer 8 Nachbarn eine Mine haben.",
            "Les nombres sont des indices : chacun dit combien de ses 8 voisines cachent une mine.",
            "Числа — подсказки: каждое говорит, сколько мин среди 8 соседних клеток.",
            "数字はヒント：周囲 8 マスにある地雷の数です。",
            "숫자는 단서입니다: 주변 8칸에 지뢰가 몇 개인지 알려 줍니다.",
        ],
    ),
    (
        "help2",
        [
            "Left click a square to lay a mine there; click it again to pick it up.",
            "左键单击格子布雷；再次单击收回。",
            "Haz clic izquierdo en una casilla para poner una mina; otro clic la retira.",
            "Linksklick legt eine Mine; ein weiterer Klick nimmt sie wieder auf.",
            "Un clic gauche pose une mine ; un autre clic la reprend.",
            "Левый щелчок ставит мину; повторный щелчок её убирает.",
            "左クリックで地雷を置き、もう一度クリックで回収します。",
            "왼쪽 클릭으로 지뢰를 놓고, 다시 클릭하면 회수합니다.",
        ],
    ),
    (
        "help3",
        [
            "A mine on a safe square ends the round. Lay all of them to win.",
            "在安全格子上布雷会结束本局。布下所有雷即获胜。",
            "Una mina en una casilla segura termina la partida. Colócalas todas para ganar.",
            "Eine Mine auf einem sicheren Feld beendet die Runde. Lege alle, um zu gewinnen.",
            "Une mine sur une case sûre termine la partie. Posez-les toutes pour gagner.",
            "Мина на безопасной клетке заканчивает раунд. Поставьте все, чтобы победить.",
            "安全なマスに置くとゲーム終了。すべて置けば勝ち。",
            "안전한 칸에 지뢰를 놓으면 게임이 끝납니다. 모두 놓으면 승리합니다.",
        ],
    ),
    (
        "help4",
        [
            "Right click (or long press) cycles a flag and a question mark.",
            "右键（或长按）切换旗帜和问号。",
            "Clic derecho (o pulsación larga) alterna bandera y signo de interrogación.",
            "Rechtsklick (oder langes Drücken) wechselt zwischen Fahne und Fragezeichen.",
            "Clic droit (ou appui long) alterne drapeau et point d'interrogation.",
            "Правый щелчок (или долгое нажатие) ставит флажок и вопрос.",
            "右クリック（長押し）で旗とはてなを切り替えます。",
            "오른쪽 클릭(또는 길게 누르기)으로 깃발과 물음표를 바꿉니다.",
        ],
    ),
    (
        "help5",
        [
            "Live hints darken a satisfied number and redden an over-mined one.",
            "实时提示会把已满足的数字变暗，把多布的数字变红。",
            "Las pistas en vivo oscurecen un número satisfecho y enrojecen uno excedido.",
            "Live-Hinweise dunkeln erfüllte Zahlen ab und färben überfüllte rot.",
            "Les indices en direct assombrissent un nombre satisfait et rougissent un nombre dépassé.",
            "Подсказки затемняют выполненное число и краснят перебор.",
            "ライブヒントは満たされた数字を暗く、置きすぎた数字を赤くします。",
            "실시간 힌트는 충족된 숫자를 어둡게, 초과된 숫자를 빨갛게 표시합니다.",
        ],
    ),
    (
        "help6",
        [
            "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
            "每个雷区都只有唯一解：只靠推理即可获胜。按 F2 开始新雷区。",
            "Cada campo tiene una única solución: basta la lógica. F2 empieza un campo nuevo.",
            "Jedes Feld hat genau eine Lösung: Logik allein gewinnt. F2 startet ein neues Feld.",
            "Chaque grille a une seule solution : la logique suffit. F2 lance une nouvelle grille.",
            "У каждого поля ровно одно решение: хватает логики. F2 — новое поле.",
            "どの盤面も解はひとつ：推理だけで勝てます。F2 で新しい盤面。",
            "모든 판은 해답이 하나뿐: 논리만으로 이깁니다. F2로 새 판을 시작합니다.",
        ],
    ),
    (
        "help7",
        [
            "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
            "“游戏”菜单可选择难度、开关实时提示、显示答案。",
            "El menú Juego elige la dificultad, activa o desactiva las pistas y muestra la solución.",
            "Im Menü Spiel wählst du die Stufe, schaltest Live-Hinweise um und zeigst die Lösung.",
            "Le menu Partie choisit la difficulté, active les indices et révèle la solution.",
            "Меню «Игра»: уровень сложности, подсказки и показ решения.",
            "「ゲーム」メニューで難易度、ライブヒント、答えの表示を選べます。",
            "게임 메뉴에서 난이도, 실시간 힌트, 정답 보기를 고릅니다.",
        ],
    ),
    (
        "help8",
        [
            "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
            "左侧计数器：剩余雷数。右侧：秒数。统计会记录每一局。",
            "Contador izquierdo: minas por colocar. Derecho: segundos. Las estadísticas guardan cada partida.",
            "Linke Anzeige: übrige Minen. Rechte: Sekunden. Die Statistik speichert jede Runde.",
            "Compteur de gauche : mines restantes. De droite : secondes. Les statistiques gardent chaque partie.",
            "Левый счётчик — сколько мин осталось, правый — секунды. Статистика хранит каждый раунд.",
            "左のカウンター：残りの地雷。右：秒数。統計は毎回の結果を記録します。",
            "왼쪽 숫자: 남은 지뢰. 오른쪽: 초. 통계는 모든 판을 기록합니다.",
        ],
    ),
    (
        "hints",
        [
            "Live hints",
            "实时提示",
            "Pistas en vivo",
            "Live-Hinweise",
            "Indices en direct",
            "Подсказки",
            "ライブヒント",
            "실시간 힌트",
        ],
    ),
    (
        "intermediate",
        ["Intermediate", "中级", "Intermedio", "Fortgeschritten", "Intermédiaire", "Любитель", "中級", "중급"],
    ),
    ("language", ["Language", "语言", "Idioma", "Sprache", "Langue", "Язык", "言語", "언어"]),
    (
        "left",
        [
            "{n} mines left.",
            "还剩 {n} 颗雷。",
            "Quedan {n} minas.",
            "Noch {n} Minen.",
            "Encore {n} mines.",
            "Осталось мин: {n}.",
            "残り {n} 個。",
            "남은 지뢰 {n}개.",
        ],
    ),
    (
        "mines_left",
        [
            "Mines left",
            "剩余地雷",
            "Minas restantes",
            "Verbleibende Minen",
            "Mines restantes",
            "Осталось мин",
            "残りの地雷",
            "남은 지뢰",
        ],
    ),
    (
        "new_game",
        [
            "New game",
            "新游戏",
            "Nueva partida",
            "Neues Spiel",
            "Nouvelle partie",
            "Новая игра",
            "新しいゲーム",
            "새 게임",
        ],
    ),
    ("played", ["played", "局数", "jugadas", "gespielt", "jouées", "сыграно", "プレイ", "플레이"]),
    (
        "ready",
        [
            "Lay a mine on every square where one must be.",
            "在每个必定有雷的格子上布雷。",
            "Coloca una mina en cada casilla donde debe haberla.",
            "Lege auf jedes Feld eine Mine, wo eine sein muss.",
            "Posez une mine sur chaque case où il doit y en avoir une.",
            "Поставьте мину на каждую клетку, где она должна быть.",
            "地雷があるはずのマスすべてに地雷を置こう。",
            "지뢰가 있어야 할 모든 칸에 지뢰를 놓으세요.",
        ],
    ),
    ("reset", ["Reset", "重置", "Restablecer", "Zurücksetzen", "Réinitialiser", "Сбросить", "リセット", "초기화"]),
    (
        "reset_confirm",
        [
            "Reset all statistics? This cannot be undone.",
            "重置所有统计？此操作无法撤销。",
            "¿Restablecer todas las estadísticas? No se puede deshacer.",
            "Alle Statistiken zurücksetzen? Das lässt sich nicht rückgängig machen.",
            "Réinitialiser toutes les statistiques ? C'est définitif.",
            "Сбросить всю статистику? Это нельзя отменить.",
            "統計をすべてリセットしますか？元に戻せません。",
            "모든 통계를 초기화할까요? 되돌릴 수 없습니다.",
        ],
    ),
    (
        "reveal",
        [
            "Reveal solution",
            "显示答案",
            "Mostrar solución",
            "Lösung zeigen",
            "Révéler la solution",
            "Показать решение",
            "答えを表示",
            "정답 보기",
        ],
    ),
    (
        "revealed",
        [
            "Solution revealed.",
            "已显示答案。",
            "Solución mostrada.",
            "Lösung gezeigt.",
            "Solution révélée.",
            "Решение показано.",
            "答えを表示しました。",
            "정답을 공개했습니다.",
        ],
    ),
    (
        "share",
        [
            "Share result",
            "分享结果",
            "Compartir resultado",
            "Ergebnis teilen",
            "Partager le résultat",
            "Поделиться",
            "結果をシェア",
            "결과 공유",
        ],
    ),
    ("statistics", ["Statistics", "统计", "Estadísticas", "Statistik", "Statistiques", "Статистика", "統計", "통계"]),
    (
        "time",
        [
            "Time in seconds",
            "用时（秒）",
            "Tiempo en segundos",
            "Zeit in Sekunden",
            "Temps en secondes",
            "Время в секундах",
            "経過秒数",
            "경과 시간(초)",
        ],
    ),
    ("wins", ["won", "胜", "ganadas", "gewonnen", "gagnées", "побед", "勝ち", "승리"]),
    (
        "won",
        [
            "Field secured — all {mines} mines laid in {time} s.",
            "雷区已布置——{time} 秒内布下全部 {mines} 颗雷。",
            "Campo asegurado: las {mines} minas colocadas en {time} s.",
            "Feld gesichert – alle {mines} Minen in {time} s gelegt.",
            "Terrain sécurisé — les {mines} mines posées en {time} s.",
            "Поле готово — все {mines} мин поставлены за {time} с.",
            "フィールド完成 — {mines} 個の地雷を {time} 秒で配置。",
            "필드 완성 — 지뢰 {mines}개를 {time}초 만에 모두 놓았습니다.",
        ],
    ),
];

#[cfg(test)]
mod tests {
    /// The table is sorted by key with no key twice, every key is found in
    /// every language, and a key not in it reads as itself.
    #[test]
    fn the_table_is_sorted_and_every_key_is_found() {
        for w in super::MT.windows(2) {
            assert!(w[0].0 < w[1].0, "out of order or twice: {} before {}", w[0].0, w[1].0);
        }
        for (n, lang) in retrace_kernel::mines::share::LANGUAGES.iter().enumerate() {
            for &(key, row) in super::MT {
                assert_eq!(super::mt(lang, key), row[n], "{key} in {lang}");
            }
        }
        assert_eq!(super::mt("ru", "no-such-key"), "no-such-key");
    }
}
