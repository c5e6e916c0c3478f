//! The share card: a pure function from a won round and a language to the exact
//! text a player shares. Pinned byte for byte by tests.
//!
//! Layout: `title_brand — title_suffix`, the hook line (translated tier and
//! seconds), a blank line, the field as emoji (keycap digits for clues, 💣 for
//! mines, ⬜ for other safe squares, 🚩 flags, ❓ questions), a blank line, the
//! call to action. The original ended with the page's URL; Retrace has no page,
//! so the call to action names the game instead.

use super::{Mark, Phase, State, Tier, TIME_CAP};

/// The languages with their own strings; anything else falls back to English.
pub const LANGUAGES: [&str; 8] = ["en", "zh", "es", "de", "fr", "ru", "ja", "ko"];

/// One language's share strings. `{tier}`, `{mines}` and `{time}` are filled in.
pub struct Strings {
    /// The game's name.
    pub title_brand: &'static str,
    /// What it is.
    pub title_suffix: &'static str,
    /// The hook line.
    pub hook: &'static str,
    /// The call to action.
    pub cta: &'static str,
    /// Beginner, Intermediate, Expert, Custom.
    pub tiers: [&'static str; 4],
}

const EN: Strings = Strings {
    title_brand: "MineLayer",
    title_suffix: "Reversed Minesweeper",
    hook: "I laid all {mines} mines on {tier} in {time} s.",
    cta: "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.",
    tiers: ["Beginner", "Intermediate", "Expert", "Custom"],
};

/// The strings for a language code (`en`, `zh-CN` → `zh`, …); English when unknown.
pub fn strings(lang: &str) -> &'static Strings {
    let code = lang.get(..2).unwrap_or("");
    match code {
        "zh" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "反向扫雷",
            hook: "我在{tier}难度用 {time} 秒布下了全部 {mines} 颗地雷。",
            cta: "每个雷区都只有唯一解。你能找到吗？来 Retrace 玩 MineLayer。",
            tiers: ["初级", "中级", "高级", "自定义"],
        },
        "es" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "Buscaminas al revés",
            hook: "Coloqué las {mines} minas en {tier} en {time} s.",
            cta: "Cada campo tiene exactamente una solución. ¿Puedes encontrarla? Juega a MineLayer en Retrace.",
            tiers: ["Principiante", "Intermedio", "Experto", "Personalizado"],
        },
        "de" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "Minesweeper rückwärts",
            hook: "Ich habe alle {mines} Minen auf {tier} in {time} s gelegt.",
            cta: "Jedes Feld hat genau eine Lösung. Findest du sie? Spiel MineLayer in Retrace.",
            tiers: ["Anfänger", "Fortgeschritten", "Experte", "Benutzerdefiniert"],
        },
        "fr" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "Démineur à l'envers",
            hook: "J'ai posé les {mines} mines en {tier} en {time} s.",
            cta: "Chaque grille a exactement une solution. Saurez-vous la trouver ? Jouez à MineLayer dans Retrace.",
            tiers: ["Débutant", "Intermédiaire", "Expert", "Personnalisé"],
        },
        "ru" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "Сапёр наоборот",
            hook: "Я расставил все {mines} мин на уровне «{tier}» за {time} с.",
            cta: "У каждого поля ровно одно решение. Найдёшь его? Играй в MineLayer в Retrace.",
            tiers: ["Новичок", "Любитель", "Профессионал", "Свой"],
        },
        "ja" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "逆マインスイーパー",
            hook: "{tier}で {mines} 個の地雷をすべて {time} 秒で置きました。",
            cta: "どの盤面にも解はひとつだけ。見つけられますか？ Retrace で MineLayer をプレイ。",
            tiers: ["初級", "中級", "上級", "カスタム"],
        },
        "ko" => &Strings {
            title_brand: "MineLayer",
            title_suffix: "거꾸로 지뢰찾기",
            hook: "{tier} 난이도에서 지뢰 {mines}개를 모두 {time}초 만에 놓았습니다.",
            cta: "모든 판에는 단 하나의 해답이 있습니다. 찾을 수 있나요? Retrace에서 MineLayer를 플레이하세요.",
            tiers: ["초급", "중급", "고급", "사용자 지정"],
        },
        _ => &EN,
    }
}

/// The translated tier name.
pub fn tier_name(tier: Tier, lang: &str) -> &'static str {
    let t = &strings(lang).tiers;
    match tier {
        Tier::Beginner => t[0],
        Tier::Intermediate => t[1],
        Tier::Expert => t[2],
        Tier::Custom { .. } => t[3],
    }
}

const KEYCAPS: [&str; 9] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣"];

/// The emoji picture of the field as the player left it.
pub fn emoji_grid(s: &State) -> String {
    let cols = s.field.cols as usize;
    let mut out = String::new();
    for i in 0..s.field.len() {
        if i > 0 && i % cols == 0 {
            out.push('\n');
        }
        out.push_str(if s.field.clue[i] {
            KEYCAPS[s.numbers[i] as usize]
        } else if s.field.mine[i] {
            "💣"
        } else {
            match s.marks[i] {
                Mark::Safe => "🚩",
                Mark::Question => "❓",
                Mark::None | Mark::Mine => "⬜",
            }
        });
    }
    out
}

/// The share card of a won round, or `None` for any other round.
pub fn share_card(s: &State, lang: &str) -> Option<String> {
    if s.phase != Phase::Won {
        return None;
    }
    let t = strings(lang);
    let hook = t
        .hook
        .replace("{tier}", tier_name(s.tier, lang))
        .replace("{mines}", &s.total.to_string())
        .replace("{time}", &s.final_seconds().min(TIME_CAP).to_string());
    Some(format!("{} — {}\n{hook}\n\n{}\n\n{}", t.title_brand, t.title_suffix, emoji_grid(s), t.cta))
}
