//! `senet-wasm-bindgen MODULE OUT_DIR`: writes the JavaScript glue and the
//! final module of a wasm-bindgen WebAssembly build, for the web (an ES
//! module the page imports), without TypeScript declarations or the
//! module's name and producers sections.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [module, out] = args.as_slice() else {
        eprintln!("usage: senet-wasm-bindgen MODULE.wasm OUT_DIR");
        return ExitCode::from(2);
    };
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    // Without the function names (a third of the module): a panic in the
    // page is reported by the page's own message, not by a stack trace.
    bindgen
        .input_path(module)
        .typescript(false)
        .remove_name_section(true)
        .remove_producers_section(true);
    let generated = bindgen.web(true).and_then(|bindgen| bindgen.generate(out));
    match generated {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("senet-wasm-bindgen: {error:#}");
            ExitCode::FAILURE
        }
    }
}
