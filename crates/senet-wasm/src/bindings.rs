//! The one function the page calls, exported through wasm-bindgen.

use wasm_bindgen::prelude::wasm_bindgen;

/// Replays a record from its seed and says what it found, as JSON: see
/// [`crate::verify`] and [`crate::Report`].
#[wasm_bindgen]
pub fn verify(record: &str, rules_file: &str, shown: &str) -> String {
    crate::verify_json(record, rules_file, shown)
}
