//! A ruleset's digest is the SHA-256 of its file's text, byte for byte,
//! for every file of the repository's `rules/`,
//! as when `senet` read the TOML itself: the records of games played
//! under a file before keep naming the same file.

use senet::Rules;
use senet_rules_file::Toml;
use sha2::{Digest, Sha256};

#[test]
fn each_files_digest_is_the_sha256_of_its_text() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules");
    let mut read = 0;
    for entry in std::fs::read_dir(dir).expect("the rules folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|ext| ext != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("the file");
        let expected: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        let described = senet_rules_file::read(&path).expect("a good file");
        assert_eq!(described.digest(), Some(expected), "{}", path.display());
        // The format given by hand is the same reading: the same ruleset.
        let again = Rules::read(&text, &Toml).expect("a good file");
        assert_eq!(again, described, "{}", path.display());
        read += 1;
    }
    assert!(read >= 9, "only {read} rules files");
}
