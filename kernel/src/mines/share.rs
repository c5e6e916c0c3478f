//! The share card: a pure function from a won round and a language to the exact
//! text a player shares. Pinned byte for byte by tests.
//!
//! Layout: `title_brand — title_suffix`, the hook line (translated tier and
//! seconds), a blank line, the field as emoji, a blank line, the call to
//! action. The original ended with the page's URL; Retrace has no page, so the
//! call to action names the game instead.
//!
//! The field is drawn one of two ways ([`Picture`]). The spec's card shows the
//! solution as the player left it (keycap digits for clues, 💣 for mines, ⬜
//! for other safe squares, 🚩 flags, ❓ questions); under "Can you find it?"
//! that gives the answer away and shares the player's own marks, so Retrace
//! shares the puzzle by default (the clues, every other square ⬜) and offers
//! the spec's picture as a choice.

use super::{Mark, Phase, State, Tier, TIME_CAP};
use crate::say;
use crate::say::{lookup, Arg, Say, Table};

/// The languages with their own strings; anything else falls back to English.
pub const LANGUAGES: [&str; 8] = ["en", "zh", "es", "de", "fr", "ru", "ja", "ko"];

/// What the card says in English: the keys of every language's [`Table`].
const SUFFIX: &str = "Reversed Minesweeper";
const CTA: &str = "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.";
const TIERS: [&str; 4] = ["Beginner", "Intermediate", "Expert", "Custom"];

/// The card's table for a language code (`zh-CN` → `zh`); none for English
/// or a code it does not have (the card is then in English).
pub fn table(lang: &str) -> Option<Table> {
    match lang.get(..2).unwrap_or("") {
        "zh" => Some(ZH),
        "es" => Some(ES),
        "de" => Some(DE),
        "fr" => Some(FR),
        "ru" => Some(RU),
        "ja" => Some(JA),
        "ko" => Some(KO),
        _ => None,
    }
}

/// The card in zh, keyed by the English.
const ZH: Table = &[
    ("Beginner", "初级"),
    ("Custom", "自定义"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "每个雷区都只有唯一解。你能找到吗？来 Retrace 玩 MineLayer。",
    ),
    ("Expert", "高级"),
    ("I laid all {0} mines on {1} in {2} s.", "我在{1}难度用 {2} 秒布下了全部 {0} 颗地雷。"),
    ("Intermediate", "中级"),
    ("Reversed Minesweeper", "反向扫雷"),
];

/// The card in es, keyed by the English.
const ES: Table = &[
    ("Beginner", "Principiante"),
    ("Custom", "Personalizado"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "Cada campo tiene exactamente una solución. ¿Puedes encontrarla? Juega a MineLayer en Retrace.",
    ),
    ("Expert", "Experto"),
    ("I laid all {0} mines on {1} in {2} s.", "Coloqué las {0} minas en {1} en {2} s."),
    ("Intermediate", "Intermedio"),
    ("Reversed Minesweeper", "Buscaminas al revés"),
];

/// The card in de, keyed by the English.
const DE: Table = &[
    ("Beginner", "Anfänger"),
    ("Custom", "Benutzerdefiniert"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "Jedes Feld hat genau eine Lösung. Findest du sie? Spiel MineLayer in Retrace.",
    ),
    ("Expert", "Experte"),
    ("I laid all {0} mines on {1} in {2} s.", "Ich habe alle {0} Minen auf {1} in {2} s gelegt."),
    ("Intermediate", "Fortgeschritten"),
    ("Reversed Minesweeper", "Minesweeper rückwärts"),
];

/// The card in fr, keyed by the English.
const FR: Table = &[
    ("Beginner", "Débutant"),
    ("Custom", "Personnalisé"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "Chaque grille a exactement une solution. Saurez-vous la trouver ? Jouez à MineLayer dans Retrace.",
    ),
    ("Expert", "Expert"),
    ("I laid all {0} mines on {1} in {2} s.", "J'ai posé les {0} mines en {1} en {2} s."),
    ("Intermediate", "Intermédiaire"),
    ("Reversed Minesweeper", "Démineur à l'envers"),
];

/// The card in ru, keyed by the English.
const RU: Table = &[
    ("Beginner", "Новичок"),
    ("Custom", "Свой"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "У каждого поля ровно одно решение. Найдёшь его? Играй в MineLayer в Retrace.",
    ),
    ("Expert", "Профессионал"),
    ("I laid all {0} mines on {1} in {2} s.", "Я расставил все {0} мин на уровне «{1}» за {2} с."),
    ("Intermediate", "Любитель"),
    ("Reversed Minesweeper", "Сапёр наоборот"),
];

/// The card in ja, keyed by the English.
const JA: Table = &[
    ("Beginner", "初級"),
    ("Custom", "カスタム"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "どの盤面にも解はひとつだけ。見つけられますか？ Retrace で MineLayer をプレイ。",
    ),
    ("Expert", "上級"),
    ("I laid all {0} mines on {1} in {2} s.", "{1}で {0} 個の地雷をすべて {2} 秒で置きました。"),
    ("Intermediate", "中級"),
    ("Reversed Minesweeper", "逆マインスイーパー"),
];

/// The card in ko, keyed by the English.
const KO: Table = &[
    ("Beginner", "초급"),
    ("Custom", "사용자 지정"),
    (
        "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
        "모든 판에는 단 하나의 해답이 있습니다. 찾을 수 있나요? Retrace에서 MineLayer를 플레이하세요.",
    ),
    ("Expert", "고급"),
    ("I laid all {0} mines on {1} in {2} s.", "{1} 난이도에서 지뢰 {0}개를 모두 {2}초 만에 놓았습니다."),
    ("Intermediate", "중급"),
    ("Reversed Minesweeper", "거꾸로 지뢰찾기"),
];

/// The translated tier name.
pub fn tier_name(tier: Tier, lang: &str) -> &'static str {
    let en = match tier {
        Tier::Beginner => TIERS[0],
        Tier::Intermediate => TIERS[1],
        Tier::Expert => TIERS[2],
        Tier::Custom { .. } => TIERS[3],
    };
    table(lang).and_then(|t| lookup(t, en)).unwrap_or(en)
}

const KEYCAPS: [&str; 9] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣"];

/// How the card draws the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The puzzle a friend can solve: the clues, every other square ⬜.
    Puzzle,
    /// The spec's picture: the solution as the player left it, marks included.
    Solution,
}

/// Each square's emoji in `picture`, row by row (what the card's field is
/// made of; a window can lay them out in equal cells).
pub fn picture_cells(s: &State, picture: Picture) -> Vec<&'static str> {
    (0..s.field.len())
        .map(|i| {
            if s.field.clue[i] {
                KEYCAPS[s.numbers[i] as usize]
            } else if picture == Picture::Puzzle {
                "⬜"
            } else if s.field.mine[i] {
                "💣"
            } else {
                match s.marks[i] {
                    Mark::Safe => "🚩",
                    Mark::Question => "❓",
                    Mark::None | Mark::Mine => "⬜",
                }
            }
        })
        .collect()
}

/// The field's emoji in `picture`, a line a row (the card's field).
pub fn picture_grid(s: &State, picture: Picture) -> String {
    let cols = usize::from(s.field.cols).max(1);
    let cells = picture_cells(s, picture);
    cells.chunks(cols).map(|row| row.concat()).collect::<Vec<_>>().join("\n")
}

/// The emoji picture of the puzzle: keycap digits for clues, ⬜ for every
/// other square (no mine, no mark).
pub fn puzzle_grid(s: &State) -> String {
    picture_grid(s, Picture::Puzzle)
}

/// The emoji picture of the field as the player left it.
pub fn emoji_grid(s: &State) -> String {
    picture_grid(s, Picture::Solution)
}

/// The share card of a won round with the spec's picture (the solution), or
/// `None` for any other round.
pub fn share_card(s: &State, lang: &str) -> Option<String> {
    share_card_as(s, lang, Picture::Solution)
}

/// The share card of a won round with the field drawn as `picture`, or
/// `None` for any other round.
pub fn share_card_as(s: &State, lang: &str, picture: Picture) -> Option<String> {
    if s.phase != Phase::Won {
        return None;
    }
    let t = table(lang);
    let hook = say!(
        "I laid all {0} mines on {1} in {2} s.",
        s.total,
        Arg::Name(tier_name(s.tier, lang).into()),
        s.final_seconds().min(TIME_CAP)
    );
    let line = |en: &'static str| Say::from(en).render(t);
    Some(format!("MineLayer — {}\n{}\n\n{}\n\n{}", line(SUFFIX), hook.render(t), picture_grid(s, picture), line(CTA)))
}
