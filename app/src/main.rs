//! The `retrace` binary: the command line with a subcommand (the game window
//! arrives with the app issue; until then no subcommand prints help).

fn main() {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let code = retrace::cli::run(std::env::args_os(), &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(code);
}
