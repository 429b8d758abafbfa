//! The `senet` command; all of it is the library's [`senet_cli::main`].

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    senet_cli::main()
}
