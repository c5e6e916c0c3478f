//! Sound: short effects synthesized when first needed (no sample files ship),
//! played through the default output device on rodio's mixer. A machine with
//! no audio device plays silently: one line on stderr, never an error.

use rodio::buffer::SamplesBuffer;
use std::num::NonZero;

/// The sample rate the effects are made at.
pub const RATE: u32 = 44_100;

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effect {
    /// A step.
    Step,
    /// Something pushed.
    Push,
    /// Something sank.
    Sink,
    /// A YOU was defeated.
    Defeat,
    /// An OPEN and a SHUT thing opened each other.
    Open,
    /// A rule formed.
    Rule,
    /// The level is won.
    Win,
    /// A move that cannot be made.
    Refused,
    /// A bomb set down (Explodorama).
    Pop,
    /// A bomb went off.
    Boom,
    /// Bombs went off in a chain: one louder boom.
    BigBoom,
    /// An enemy vanished.
    EnemyGone,
    /// Coins picked up.
    Coin,
    /// A charge gained.
    Charge,
    /// The gem taken.
    Gem,
    /// The exit opened.
    ExitOpen,
    /// A life lost.
    Hurt,
    /// A level cleared (or the run won).
    Cleared,
    /// A button clicked.
    Click,
    /// One YOU of several lost (Miau): the others play on.
    YouLost,
    /// A word sank (Miau): a rule's part gone for good, the main event of
    /// Tidewater and Crate Works (issue 66).
    WordSank,
}

/// Every effect.
pub const EFFECTS: [Effect; 21] = [
    Effect::Step,
    Effect::Push,
    Effect::Sink,
    Effect::Defeat,
    Effect::Open,
    Effect::Rule,
    Effect::Win,
    Effect::Refused,
    Effect::Pop,
    Effect::Boom,
    Effect::BigBoom,
    Effect::EnemyGone,
    Effect::Coin,
    Effect::Charge,
    Effect::Gem,
    Effect::ExitOpen,
    Effect::Hurt,
    Effect::Cleared,
    Effect::Click,
    Effect::YouLost,
    Effect::WordSank,
];

/// One tone: frequency (Hz, gliding to `to`), length (ms), loudness (0 to 1)
/// and shape (a sine, or a square's odd harmonics for a harder edge).
struct Tone {
    from: f32,
    to: f32,
    ms: u32,
    gain: f32,
    square: bool,
}

/// The effect's tones, played one after another.
fn tones(e: Effect) -> Vec<Tone> {
    let t = |from: f32, to: f32, ms: u32, gain: f32, square: bool| Tone { from, to, ms, gain, square };
    match e {
        Effect::Step => vec![t(220.0, 180.0, 45, 0.25, false)],
        Effect::Push => vec![t(140.0, 110.0, 90, 0.35, true)],
        Effect::Sink => vec![t(520.0, 120.0, 260, 0.35, false)],
        Effect::Defeat => vec![t(180.0, 60.0, 300, 0.4, true)],
        Effect::Open => vec![t(900.0, 900.0, 30, 0.3, true), t(600.0, 600.0, 80, 0.25, false)],
        Effect::Rule => vec![t(660.0, 660.0, 70, 0.3, false), t(990.0, 990.0, 110, 0.3, false)],
        Effect::Win => vec![
            t(523.0, 523.0, 110, 0.3, false),
            t(659.0, 659.0, 110, 0.3, false),
            t(784.0, 784.0, 110, 0.3, false),
            t(1047.0, 1047.0, 260, 0.3, false),
        ],
        Effect::Refused => vec![t(110.0, 100.0, 70, 0.3, true)],
        Effect::Pop => vec![t(700.0, 350.0, 50, 0.3, false)],
        Effect::Boom => vec![t(90.0, 40.0, 350, 0.5, true)],
        Effect::BigBoom => vec![t(70.0, 30.0, 550, 0.7, true)],
        Effect::EnemyGone => vec![t(400.0, 900.0, 140, 0.25, false)],
        Effect::Coin => vec![t(988.0, 988.0, 60, 0.25, false), t(1319.0, 1319.0, 140, 0.25, false)],
        Effect::Charge => vec![t(440.0, 880.0, 160, 0.3, true)],
        Effect::Gem => vec![
            t(1175.0, 1175.0, 80, 0.25, false),
            t(1568.0, 1568.0, 80, 0.25, false),
            t(2093.0, 2093.0, 200, 0.25, false),
        ],
        Effect::ExitOpen => vec![t(330.0, 660.0, 300, 0.3, false)],
        Effect::Hurt => vec![t(300.0, 150.0, 120, 0.4, true), t(150.0, 75.0, 200, 0.4, true)],
        Effect::Cleared => vec![
            t(392.0, 392.0, 120, 0.3, false),
            t(523.0, 523.0, 120, 0.3, false),
            t(659.0, 659.0, 120, 0.3, false),
            t(784.0, 784.0, 300, 0.3, true),
        ],
        Effect::Click => vec![t(1800.0, 1500.0, 30, 0.35, false)],
        // Two falling notes, softer than a defeat: a loss, not the end.
        Effect::YouLost => vec![t(740.0, 740.0, 90, 0.3, false), t(494.0, 440.0, 220, 0.3, false)],
        // A sinking's glide, then a low bell: the word is gone for good.
        Effect::WordSank => vec![t(620.0, 160.0, 240, 0.35, false), t(131.0, 131.0, 320, 0.3, true)],
    }
}

/// The effect's samples (mono, [`RATE`]): each tone with a short attack and
/// an exponential decay, so nothing clicks. Always the same for an effect.
pub fn synth(e: Effect) -> Vec<f32> {
    let mut out = Vec::new();
    for tone in tones(e) {
        let n = (RATE * tone.ms / 1000) as usize;
        let mut phase = 0.0f32;
        for i in 0..n {
            let t = i as f32 / n as f32;
            let f = tone.from + (tone.to - tone.from) * t;
            phase = (phase + f / RATE as f32).fract();
            let x = std::f32::consts::TAU * phase;
            let wave = if tone.square { x.sin() + (3.0 * x).sin() / 3.0 + (5.0 * x).sin() / 5.0 } else { x.sin() };
            let attack = (i as f32 / (RATE as f32 * 0.004)).min(1.0);
            let decay = (-4.0 * t).exp() * (1.0 - t);
            out.push((wave * tone.gain * attack * decay).clamp(-1.0, 1.0));
        }
    }
    out
}

/// The window's sound: the device opened at the first effect while sound is on.
#[derive(Default)]
pub struct Sound {
    /// The device, once opened; `Some(None)` when there is none (tried once).
    device: Option<Option<rodio::MixerDeviceSink>>,
    /// The effects made so far.
    made: Vec<(Effect, Vec<f32>)>,
    /// The last effects played while sound was on (device or not), newest
    /// last, at most [`HEARD`]: what a test can listen for.
    pub heard: Vec<Effect>,
}

/// Effects kept in [`Sound::heard`].
pub const HEARD: usize = 32;

impl Sound {
    /// Plays an effect when `on`; silent without a device.
    pub fn play(&mut self, e: Effect, on: bool) {
        if !on {
            return;
        }
        if self.heard.len() == HEARD {
            self.heard.remove(0);
        }
        self.heard.push(e);
        let device = self.device.get_or_insert_with(|| match rodio::DeviceSinkBuilder::open_default_sink() {
            Ok(mut d) => {
                d.log_on_drop(false);
                Some(d)
            }
            Err(err) => {
                eprintln!("retrace: no sound ({err}); playing silently");
                None
            }
        });
        let Some(device) = device else { return };
        let samples = match self.made.iter().find(|(f, _)| *f == e) {
            Some((_, s)) => s.clone(),
            None => {
                let s = synth(e);
                self.made.push((e, s.clone()));
                s
            }
        };
        let (one, rate) = (NonZero::new(1u16).expect("one"), NonZero::new(RATE).expect("a rate"));
        device.mixer().add(SamplesBuffer::new(one, rate, samples));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_short_quiet_enough_and_its_own() {
        let all: Vec<Vec<f32>> = EFFECTS.iter().map(|e| synth(*e)).collect();
        for (e, s) in EFFECTS.iter().zip(&all) {
            assert!(!s.is_empty() && s.len() < RATE as usize, "{e:?}: under a second");
            assert!(
                s.iter().all(|x| x.abs() <= 1.0) && s.iter().any(|x| x.abs() > 0.05),
                "{e:?}: audible, never clipped"
            );
            assert!(s[0].abs() < 0.01 && s[s.len() - 1].abs() < 0.01, "{e:?}: no click at either end");
        }
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a), "{:?} sounds like another", EFFECTS[i]);
        }
        assert_eq!(synth(Effect::Win), synth(Effect::Win), "made the same every time");
    }
}
