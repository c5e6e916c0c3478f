//! Every piece of background work the window hands off, in one list: what a
//! web worker can run by name (issue 63). [`crate::platform::start`] takes
//! only a job listed here (it is [`Listed`]), so none can be forgotten.

use crate::platform::{run_bytes, Job, Listed, Watch};

/// Lists the jobs: each is [`Listed`], and [`run_named`] finds it by name.
macro_rules! jobs {
    ($($job:ty),* $(,)?) => {
        $(impl Listed for $job {})*

        /// The names of the listed jobs.
        pub const NAMES: &[&str] = &[$(<$job as Job>::NAME),*];

        /// Runs the listed job called `name` from its input's bytes to its
        /// answer's: what the page's worker does with a job it is sent.
        pub fn run_named(name: &str, input: &[u8], watch: &Watch) -> Result<Vec<u8>, String> {
            $(if name == <$job as Job>::NAME {
                return run_bytes::<$job>(input, watch);
            })*
            Err(format!("no job is called {name:?}"))
        }
    };
}

jobs!(crate::ui::miau::HintJob, crate::ui::miau::editor::CheckJob, crate::ui::life::HintJob);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each job's name finds it, once; an unknown name is said.
    #[test]
    fn every_listed_job_is_found_by_its_own_name() {
        let mut names = NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NAMES.len(), "two jobs share a name: {NAMES:?}");
        for name in NAMES {
            // Empty bytes are no job's input: the job itself says so, by name.
            let e = run_named(name, &[], &Watch::free()).unwrap_err();
            assert!(e.starts_with(&format!("job {name}:")), "{name}: {e}");
        }
        assert_eq!(run_named("nothing", &[], &Watch::free()).unwrap_err(), "no job is called \"nothing\"");
    }
}
