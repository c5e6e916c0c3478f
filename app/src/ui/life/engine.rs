//! The GPU's answers in the kernel's terms: [`Answered`] hands one run the
//! GPU made to `Life::apply_with`, and [`replay_on_gpu`] plays a whole Life
//! replay that way, awaiting each Advance's run (natively blocked on; on
//! the page awaited between the browser's tasks), for the parity checks of
//! both builds.

use retrace_gpu::life::GpuStepper;
use retrace_kernel::life::field::Field;
use retrace_kernel::life::game::GenStats;
use retrace_kernel::life::{Action, Life, Phase, Setup};
use retrace_kernel::replay::ReplayFile;
use retrace_kernel::{Game, Session};

/// The GPU's answer to one Advance, given to the kernel's `apply_with`: the
/// first run asked is answered with it; any other (an Advance that stops
/// part way asks for the field at the stop) is refused, and the kernel runs
/// that Advance on the CPU instead.
pub struct Answered(pub Option<Result<(Field, Vec<GenStats>), String>>);

impl retrace_kernel::life::Stepper for Answered {
    fn run(&mut self, _field: &Field, _gens: u32) -> Result<(Field, Vec<GenStats>), String> {
        self.0.take().unwrap_or_else(|| Err("the GPU answered one run of this Advance".into()))
    }
}

/// A Life replay played with every Advance run on `stepper`: the line the
/// native crosscheck prints for it (`replay NAME life vN STEPS steps
/// DIGEST`), then how many Advances the GPU answered; or why it could not
/// be played, or the GPU's error and its step (a failed run is an error
/// here, never the CPU's quiet fallback).
pub async fn replay_on_gpu(stepper: &GpuStepper, name: &str, bytes: &[u8]) -> String {
    let file = match ReplayFile::from_bytes(bytes) {
        Ok(f) if f.header.game == Life::ID && f.header.rules_version == Life::RULES_VERSION => f,
        Ok(f) => return format!("skipped {name}: {} v{}", f.header.game, f.header.rules_version),
        Err(e) => return format!("refused {name}: {e}"),
    };
    let setup: Setup = match retrace_kernel::wire::decode(&file.header.setup) {
        Ok(s) => s,
        Err(e) => return format!("refused {name}: its setup: {e}"),
    };
    let mut session = match Session::<Life>::new(setup, file.header.seed) {
        Ok(s) => s,
        Err(e) => return format!("refused {name}: {}", e.0),
    };
    let mut on_gpu = 0;
    for (i, bytes) in file.actions.iter().enumerate() {
        let step = i + 1;
        let action: Action = match retrace_kernel::wire::decode(bytes) {
            Ok(a) => a,
            Err(e) => return format!("refused {name}: step {step}: {e}"),
        };
        let pushed = match action {
            Action::Advance { gens } if session.state().phase == Phase::Running => {
                let answer = stepper.run_field(&session.state().field, gens).await;
                if let Err(e) = &answer {
                    return format!("gpu failed {name}: step {step}: {e}");
                }
                on_gpu += 1;
                session.push_with(action, |s, a| Life::apply_with(s, a, &mut Answered(Some(answer))))
            }
            _ => session.push(action),
        };
        if let Err(e) = pushed {
            return format!("refused {name}: step {step}: {}", e.0);
        }
    }
    format!(
        "replay {name} life v{} {} steps {} gpu {on_gpu}",
        Life::RULES_VERSION,
        file.actions.len(),
        session.digest()
    )
}
