//! MineLayer's window text in its 8 languages (en, zh, es, de, fr, ru, ja, ko):
//! the English is the key and each other language a [`Table`], the one
//! translation mechanism (`retrace_kernel::say`) that the rest of the window
//! and the share card use. English for any other code.

use retrace_kernel::mines::share;
use retrace_kernel::say::{lookup, Table};

/// MineLayer's table for a language code (`de`, `zh-CN` → `zh`); none for
/// English or a code it does not have.
pub fn table(lang: &str) -> Option<Table> {
    let i = share::LANGUAGES.iter().position(|l| lang.get(..2) == Some(*l))?;
    [None, Some(ZH), Some(ES), Some(DE), Some(FR), Some(RU), Some(JA), Some(KO)][i]
}

/// Each MineLayer language's name in itself, by code.
pub const ENDONYMS: [(&str, &str); 8] = [
    ("en", "English"),
    ("zh", "中文"),
    ("es", "Español"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("ru", "Русский"),
    ("ja", "日本語"),
    ("ko", "한국어"),
];

/// The spec's eight help items, in order.
pub const HELP: [&str; 8] = [
    "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
    "Left click a square to lay a mine there; click it again to pick it up.",
    "A mine on a safe square ends the round. Lay all of them to win.",
    "Right click (or long press) cycles a flag and a question mark.",
    "Live hints darken a satisfied number and redden an over-mined one.",
    "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
    "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
    "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
];

/// `en` in MineLayer language `lang` (`{n}`, `{mines}`, `{time}` are filled in by callers).
pub fn mt(lang: &str, en: &'static str) -> &'static str {
    table(lang).and_then(|t| lookup(t, en)).unwrap_or(en)
}

/// MineLayer's window in zh, keyed by the English.
pub const ZH: Table = &[
    ("1 mine left.", "还剩 1 颗雷。"),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "在安全格子上布雷会结束本局。布下所有雷即获胜。",
    ),
    ("Beginner", "初级"),
    ("Best: {best} s", "最佳：{best} 秒"),
    ("Cancel", "取消"),
    ("Close", "关闭"),
    ("Copied.", "已复制。"),
    ("Copy", "复制"),
    ("Copy link", "复制链接"),
    ("Custom", "自定义"),
    ("Daily field", "每日雷区"),
    ("Days played: {n}", "已玩天数：{n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "每个雷区都只有唯一解：只靠推理即可获胜。按 F2 开始新雷区。",
    ),
    ("Expert", "高级"),
    ("Field secured — all {mines} mines laid in {time} s.", "雷区已布置——{time} 秒内布下全部 {mines} 颗雷。"),
    ("Game", "游戏"),
    ("Help", "帮助"),
    ("Intermediate", "中级"),
    ("Language", "语言"),
    ("Lay a mine on every square where one must be.", "在每个必定有雷的格子上布雷。"),
    ("Left click a square to lay a mine there; click it again to pick it up.", "左键单击格子布雷；再次单击收回。"),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "左侧计数器：剩余雷数。右侧：秒数。统计会记录每一局。",
    ),
    ("Live hints", "实时提示"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "实时提示会把已满足的数字变暗，把多布的数字变红。",
    ),
    ("Mines left", "剩余地雷"),
    ("Misplaced mine — that square was safe.", "布错了——那个格子是安全的。"),
    ("New best!", "新纪录！"),
    ("New game", "新游戏"),
    ("Reset", "重置"),
    ("Reset all statistics? This cannot be undone.", "重置所有统计？此操作无法撤销。"),
    ("Reveal solution", "显示答案"),
    ("Right click (or long press) cycles a flag and a question mark.", "右键（或长按）切换旗帜和问号。"),
    ("Share result", "分享结果"),
    ("Show the solution", "显示答案"),
    ("Solution revealed.", "已显示答案。"),
    ("Statistics", "统计"),
    ("Streak: {n}", "连胜：{n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "“游戏”菜单可选择难度、开关实时提示、显示答案。",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "数字是线索：表示周围 8 格中有几颗雷。",
    ),
    ("This field's link:", "此雷区的链接："),
    ("Time in seconds", "用时（秒）"),
    ("best", "最佳"),
    ("played", "局数"),
    ("won", "胜"),
    ("{n} mines left.", "还剩 {n} 颗雷。"),
];

/// MineLayer's window in es, keyed by the English.
pub const ES: Table = &[
    ("1 mine left.", "Queda 1 mina."),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "Una mina en una casilla segura termina la partida. Colócalas todas para ganar.",
    ),
    ("Beginner", "Principiante"),
    ("Best: {best} s", "Mejor: {best} s"),
    ("Cancel", "Cancelar"),
    ("Close", "Cerrar"),
    ("Copied.", "Copiado."),
    ("Copy", "Copiar"),
    ("Copy link", "Copiar enlace"),
    ("Custom", "Personalizado"),
    ("Daily field", "Campo del día"),
    ("Days played: {n}", "Días jugados: {n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "Cada campo tiene una única solución: basta la lógica. F2 empieza un campo nuevo.",
    ),
    ("Expert", "Experto"),
    (
        "Field secured — all {mines} mines laid in {time} s.",
        "Campo asegurado: las {mines} minas colocadas en {time} s.",
    ),
    ("Game", "Juego"),
    ("Help", "Ayuda"),
    ("Intermediate", "Intermedio"),
    ("Language", "Idioma"),
    ("Lay a mine on every square where one must be.", "Coloca una mina en cada casilla donde debe haberla."),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "Haz clic izquierdo en una casilla para poner una mina; otro clic la retira.",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "Contador izquierdo: minas por colocar. Derecho: segundos. Las estadísticas guardan cada partida.",
    ),
    ("Live hints", "Pistas en vivo"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "Las pistas en vivo oscurecen un número satisfecho y enrojecen uno excedido.",
    ),
    ("Mines left", "Minas restantes"),
    ("Misplaced mine — that square was safe.", "Mina mal colocada: esa casilla era segura."),
    ("New best!", "¡Nuevo récord!"),
    ("New game", "Nueva partida"),
    ("Reset", "Restablecer"),
    ("Reset all statistics? This cannot be undone.", "¿Restablecer todas las estadísticas? No se puede deshacer."),
    ("Reveal solution", "Mostrar solución"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "Clic derecho (o pulsación larga) alterna bandera y signo de interrogación.",
    ),
    ("Share result", "Compartir resultado"),
    ("Show the solution", "Mostrar la solución"),
    ("Solution revealed.", "Solución mostrada."),
    ("Statistics", "Estadísticas"),
    ("Streak: {n}", "Racha: {n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "El menú Juego elige la dificultad, activa o desactiva las pistas y muestra la solución.",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "Los números son pistas: cada uno dice cuántas de sus 8 vecinas tienen mina.",
    ),
    ("This field's link:", "Enlace a este campo:"),
    ("Time in seconds", "Tiempo en segundos"),
    ("best", "mejor"),
    ("played", "jugadas"),
    ("won", "ganadas"),
    ("{n} mines left.", "Quedan {n} minas."),
];

/// MineLayer's window in de, keyed by the English.
pub const DE: Table = &[
    ("1 mine left.", "Noch 1 Mine."),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "Eine Mine auf einem sicheren Feld beendet die Runde. Lege alle, um zu gewinnen.",
    ),
    ("Beginner", "Anfänger"),
    ("Best: {best} s", "Bestzeit: {best} s"),
    ("Cancel", "Abbrechen"),
    ("Close", "Schließen"),
    ("Copied.", "Kopiert."),
    ("Copy", "Kopieren"),
    ("Copy link", "Link kopieren"),
    ("Custom", "Benutzerdefiniert"),
    ("Daily field", "Feld des Tages"),
    ("Days played: {n}", "Gespielte Tage: {n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "Jedes Feld hat genau eine Lösung: Logik allein gewinnt. F2 startet ein neues Feld.",
    ),
    ("Expert", "Experte"),
    ("Field secured — all {mines} mines laid in {time} s.", "Feld gesichert – alle {mines} Minen in {time} s gelegt."),
    ("Game", "Spiel"),
    ("Help", "Hilfe"),
    ("Intermediate", "Fortgeschritten"),
    ("Language", "Sprache"),
    ("Lay a mine on every square where one must be.", "Lege auf jedes Feld eine Mine, wo eine sein muss."),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "Linksklick legt eine Mine; ein weiterer Klick nimmt sie wieder auf.",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "Linke Anzeige: übrige Minen. Rechte: Sekunden. Die Statistik speichert jede Runde.",
    ),
    ("Live hints", "Live-Hinweise"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "Live-Hinweise dunkeln erfüllte Zahlen ab und färben überfüllte rot.",
    ),
    ("Mines left", "Verbleibende Minen"),
    ("Misplaced mine — that square was safe.", "Falsch gelegt – dieses Feld war sicher."),
    ("New best!", "Neue Bestzeit!"),
    ("New game", "Neues Spiel"),
    ("Reset", "Zurücksetzen"),
    (
        "Reset all statistics? This cannot be undone.",
        "Alle Statistiken zurücksetzen? Das lässt sich nicht rückgängig machen.",
    ),
    ("Reveal solution", "Lösung zeigen"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "Rechtsklick (oder langes Drücken) wechselt zwischen Fahne und Fragezeichen.",
    ),
    ("Share result", "Ergebnis teilen"),
    ("Show the solution", "Lösung zeigen"),
    ("Solution revealed.", "Lösung gezeigt."),
    ("Statistics", "Statistik"),
    ("Streak: {n}", "Serie: {n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "Im Menü Spiel wählst du die Stufe, schaltest Live-Hinweise um und zeigst die Lösung.",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "Die Zahlen sind Hinweise: Jede sagt, wie viele ihrer 8 Nachbarn eine Mine haben.",
    ),
    ("This field's link:", "Link zu diesem Feld:"),
    ("Time in seconds", "Zeit in Sekunden"),
    ("best", "Bestzeit"),
    ("played", "gespielt"),
    ("won", "gewonnen"),
    ("{n} mines left.", "Noch {n} Minen."),
];

/// MineLayer's window in fr, keyed by the English.
pub const FR: Table = &[
    ("1 mine left.", "Encore 1 mine."),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "Une mine sur une case sûre termine la partie. Posez-les toutes pour gagner.",
    ),
    ("Beginner", "Débutant"),
    ("Best: {best} s", "Record : {best} s"),
    ("Cancel", "Annuler"),
    ("Close", "Fermer"),
    ("Copied.", "Copié."),
    ("Copy", "Copier"),
    ("Copy link", "Copier le lien"),
    ("Custom", "Personnalisé"),
    ("Daily field", "Champ du jour"),
    ("Days played: {n}", "Jours joués : {n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "Chaque grille a une seule solution : la logique suffit. F2 lance une nouvelle grille.",
    ),
    ("Expert", "Expert"),
    ("Field secured — all {mines} mines laid in {time} s.", "Terrain sécurisé — les {mines} mines posées en {time} s."),
    ("Game", "Partie"),
    ("Help", "Aide"),
    ("Intermediate", "Intermédiaire"),
    ("Language", "Langue"),
    ("Lay a mine on every square where one must be.", "Posez une mine sur chaque case où il doit y en avoir une."),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "Un clic gauche pose une mine ; un autre clic la reprend.",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "Compteur de gauche : mines restantes. De droite : secondes. Les statistiques gardent chaque partie.",
    ),
    ("Live hints", "Indices en direct"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "Les indices en direct assombrissent un nombre satisfait et rougissent un nombre dépassé.",
    ),
    ("Mines left", "Mines restantes"),
    ("Misplaced mine — that square was safe.", "Mine mal placée : cette case était sûre."),
    ("New best!", "Nouveau record !"),
    ("New game", "Nouvelle partie"),
    ("Reset", "Réinitialiser"),
    ("Reset all statistics? This cannot be undone.", "Réinitialiser toutes les statistiques ? C'est définitif."),
    ("Reveal solution", "Révéler la solution"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "Clic droit (ou appui long) alterne drapeau et point d'interrogation.",
    ),
    ("Share result", "Partager le résultat"),
    ("Show the solution", "Afficher la solution"),
    ("Solution revealed.", "Solution révélée."),
    ("Statistics", "Statistiques"),
    ("Streak: {n}", "Série : {n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "Le menu Partie choisit la difficulté, active les indices et révèle la solution.",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "Les nombres sont des indices : chacun dit combien de ses 8 voisines cachent une mine.",
    ),
    ("This field's link:", "Lien vers ce champ :"),
    ("Time in seconds", "Temps en secondes"),
    ("best", "record"),
    ("played", "jouées"),
    ("won", "gagnées"),
    ("{n} mines left.", "Encore {n} mines."),
];

/// MineLayer's window in ru, keyed by the English.
pub const RU: Table = &[
    ("1 mine left.", "Осталась 1 мина."),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "Мина на безопасной клетке заканчивает раунд. Поставьте все, чтобы победить.",
    ),
    ("Beginner", "Новичок"),
    ("Best: {best} s", "Рекорд: {best} с"),
    ("Cancel", "Отмена"),
    ("Close", "Закрыть"),
    ("Copied.", "Скопировано."),
    ("Copy", "Копировать"),
    ("Copy link", "Копировать ссылку"),
    ("Custom", "Свой"),
    ("Daily field", "Поле дня"),
    ("Days played: {n}", "Сыграно дней: {n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "У каждого поля ровно одно решение: хватает логики. F2 — новое поле.",
    ),
    ("Expert", "Профессионал"),
    ("Field secured — all {mines} mines laid in {time} s.", "Поле готово — все {mines} мин поставлены за {time} с."),
    ("Game", "Игра"),
    ("Help", "Справка"),
    ("Intermediate", "Любитель"),
    ("Language", "Язык"),
    ("Lay a mine on every square where one must be.", "Поставьте мину на каждую клетку, где она должна быть."),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "Левый щелчок ставит мину; повторный щелчок её убирает.",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "Левый счётчик — сколько мин осталось, правый — секунды. Статистика хранит каждый раунд.",
    ),
    ("Live hints", "Подсказки"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "Подсказки затемняют выполненное число и краснят перебор.",
    ),
    ("Mines left", "Осталось мин"),
    ("Misplaced mine — that square was safe.", "Мина не на месте — эта клетка была безопасной."),
    ("New best!", "Новый рекорд!"),
    ("New game", "Новая игра"),
    ("Reset", "Сбросить"),
    ("Reset all statistics? This cannot be undone.", "Сбросить всю статистику? Это нельзя отменить."),
    ("Reveal solution", "Показать решение"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "Правый щелчок (или долгое нажатие) ставит флажок и вопрос.",
    ),
    ("Share result", "Поделиться"),
    ("Show the solution", "Показать решение"),
    ("Solution revealed.", "Решение показано."),
    ("Statistics", "Статистика"),
    ("Streak: {n}", "Серия: {n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "Меню «Игра»: уровень сложности, подсказки и показ решения.",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "Числа — подсказки: каждое говорит, сколько мин среди 8 соседних клеток.",
    ),
    ("This field's link:", "Ссылка на это поле:"),
    ("Time in seconds", "Время в секундах"),
    ("best", "лучшее"),
    ("played", "сыграно"),
    ("won", "побед"),
    ("{n} mines left.", "Осталось мин: {n}."),
];

/// MineLayer's window in ja, keyed by the English.
pub const JA: Table = &[
    ("1 mine left.", "残り 1 個。"),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "安全なマスに置くとゲーム終了。すべて置けば勝ち。",
    ),
    ("Beginner", "初級"),
    ("Best: {best} s", "ベスト：{best} 秒"),
    ("Cancel", "キャンセル"),
    ("Close", "閉じる"),
    ("Copied.", "コピーしました。"),
    ("Copy", "コピー"),
    ("Copy link", "リンクをコピー"),
    ("Custom", "カスタム"),
    ("Daily field", "今日のフィールド"),
    ("Days played: {n}", "プレイ日数：{n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "どの盤面も解はひとつ：推理だけで勝てます。F2 で新しい盤面。",
    ),
    ("Expert", "上級"),
    ("Field secured — all {mines} mines laid in {time} s.", "フィールド完成 — {mines} 個の地雷を {time} 秒で配置。"),
    ("Game", "ゲーム"),
    ("Help", "ヘルプ"),
    ("Intermediate", "中級"),
    ("Language", "言語"),
    ("Lay a mine on every square where one must be.", "地雷があるはずのマスすべてに地雷を置こう。"),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "左クリックで地雷を置き、もう一度クリックで回収します。",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "左のカウンター：残りの地雷。右：秒数。統計は毎回の結果を記録します。",
    ),
    ("Live hints", "ライブヒント"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "ライブヒントは満たされた数字を暗く、置きすぎた数字を赤くします。",
    ),
    ("Mines left", "残りの地雷"),
    ("Misplaced mine — that square was safe.", "置き間違い — そのマスは安全でした。"),
    ("New best!", "新記録！"),
    ("New game", "新しいゲーム"),
    ("Reset", "リセット"),
    ("Reset all statistics? This cannot be undone.", "統計をすべてリセットしますか？元に戻せません。"),
    ("Reveal solution", "答えを表示"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "右クリック（長押し）で旗とはてなを切り替えます。",
    ),
    ("Share result", "結果をシェア"),
    ("Show the solution", "解答を表示"),
    ("Solution revealed.", "答えを表示しました。"),
    ("Statistics", "統計"),
    ("Streak: {n}", "連勝：{n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "「ゲーム」メニューで難易度、ライブヒント、答えの表示を選べます。",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "数字はヒント：周囲 8 マスにある地雷の数です。",
    ),
    ("This field's link:", "このフィールドへのリンク："),
    ("Time in seconds", "経過秒数"),
    ("best", "ベスト"),
    ("played", "プレイ"),
    ("won", "勝ち"),
    ("{n} mines left.", "残り {n} 個。"),
];

/// MineLayer's window in ko, keyed by the English.
pub const KO: Table = &[
    ("1 mine left.", "남은 지뢰 1개."),
    (
        "A mine on a safe square ends the round. Lay all of them to win.",
        "안전한 칸에 지뢰를 놓으면 게임이 끝납니다. 모두 놓으면 승리합니다.",
    ),
    ("Beginner", "초급"),
    ("Best: {best} s", "최고 기록: {best}초"),
    ("Cancel", "취소"),
    ("Close", "닫기"),
    ("Copied.", "복사했습니다."),
    ("Copy", "복사"),
    ("Copy link", "링크 복사"),
    ("Custom", "사용자 지정"),
    ("Daily field", "오늘의 필드"),
    ("Days played: {n}", "플레이한 날: {n}"),
    (
        "Every field has exactly one solution: logic alone wins. F2 starts a new field.",
        "모든 판은 해답이 하나뿐: 논리만으로 이깁니다. F2로 새 판을 시작합니다.",
    ),
    ("Expert", "고급"),
    (
        "Field secured — all {mines} mines laid in {time} s.",
        "필드 완성 — 지뢰 {mines}개를 {time}초 만에 모두 놓았습니다.",
    ),
    ("Game", "게임"),
    ("Help", "도움말"),
    ("Intermediate", "중급"),
    ("Language", "언어"),
    ("Lay a mine on every square where one must be.", "지뢰가 있어야 할 모든 칸에 지뢰를 놓으세요."),
    (
        "Left click a square to lay a mine there; click it again to pick it up.",
        "왼쪽 클릭으로 지뢰를 놓고, 다시 클릭하면 회수합니다.",
    ),
    (
        "Left counter: mines left to lay. Right counter: seconds. Statistics keep every finished round.",
        "왼쪽 숫자: 남은 지뢰. 오른쪽: 초. 통계는 모든 판을 기록합니다.",
    ),
    ("Live hints", "실시간 힌트"),
    (
        "Live hints darken a satisfied number and redden an over-mined one.",
        "실시간 힌트는 충족된 숫자를 어둡게, 초과된 숫자를 빨갛게 표시합니다.",
    ),
    ("Mines left", "남은 지뢰"),
    ("Misplaced mine — that square was safe.", "잘못 놓은 지뢰 — 그 칸은 안전했습니다."),
    ("New best!", "신기록!"),
    ("New game", "새 게임"),
    ("Reset", "초기화"),
    ("Reset all statistics? This cannot be undone.", "모든 통계를 초기화할까요? 되돌릴 수 없습니다."),
    ("Reveal solution", "정답 보기"),
    (
        "Right click (or long press) cycles a flag and a question mark.",
        "오른쪽 클릭(또는 길게 누르기)으로 깃발과 물음표를 바꿉니다.",
    ),
    ("Share result", "결과 공유"),
    ("Show the solution", "정답 보기"),
    ("Solution revealed.", "정답을 공개했습니다."),
    ("Statistics", "통계"),
    ("Streak: {n}", "연승: {n}"),
    (
        "The Game menu picks the difficulty, turns live hints on or off, and reveals the solution.",
        "게임 메뉴에서 난이도, 실시간 힌트, 정답 보기를 고릅니다.",
    ),
    (
        "The numbers are clues: each tells how many of its 8 neighbours hold a mine.",
        "숫자는 단서입니다: 주변 8칸에 지뢰가 몇 개인지 알려 줍니다.",
    ),
    ("This field's link:", "이 필드의 링크:"),
    ("Time in seconds", "경과 시간(초)"),
    ("best", "최고"),
    ("played", "플레이"),
    ("won", "승리"),
    ("{n} mines left.", "남은 지뢰 {n}개."),
];

#[cfg(test)]
mod tests {
    /// Every table is sorted with no phrase twice, and every table has every
    /// phrase of the others.
    #[test]
    fn every_table_is_sorted_and_has_every_phrase() {
        let tables = [super::ZH, super::ES, super::DE, super::FR, super::RU, super::JA, super::KO];
        for t in tables {
            for w in t.windows(2) {
                assert!(w[0].0 < w[1].0, "out of order or twice: {} before {}", w[0].0, w[1].0);
            }
            let keys: Vec<&str> = t.iter().map(|(k, _)| *k).collect();
            let first: Vec<&str> = super::ZH.iter().map(|(k, _)| *k).collect();
            assert_eq!(keys, first, "every language has the same phrases");
        }
        for (n, lang) in retrace_kernel::mines::share::LANGUAGES.iter().enumerate().skip(1) {
            for &(en, text) in tables[n - 1] {
                assert_eq!(super::mt(lang, en), text, "{en} in {lang}");
            }
        }
        assert_eq!(super::mt("en", "Beginner"), "Beginner");
        assert_eq!(super::mt("ru", "no such phrase"), "no such phrase");
    }
}
