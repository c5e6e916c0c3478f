//! The `retrace` binary: the game window with no subcommand (`retrace FILE`
//! opens a replay in it), the command line with one.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let plan = retrace::cli::plan(std::env::args_os(), &mut stdout.lock(), &mut stderr.lock());
    match plan {
        retrace::cli::Plan::Exit(code) => std::process::exit(code),
        retrace::cli::Plan::Window(open) => {
            if let Err(e) = retrace::window::run_window(open) {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        }
    }
}

/// The web page (issue 63): the app on the page's canvas; the command
/// line stays native.
#[cfg(target_arch = "wasm32")]
fn main() {
    retrace::page::start_page();
}
