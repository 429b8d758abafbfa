//! The rulesets a server offers: the seven built-in ones, and those its
//! operator states in rules files (`--rules DIR`), all behind one type,
//! [`Compiled`], and found by name.

use std::path::Path;

use senet::{AnyRuleset, Compiled, Described, Ruleset};

/// The rulesets offered, built-in ones first, then the files' in the
/// order of their file names.
#[derive(Clone, Debug)]
pub struct Offered(Vec<Compiled>);

impl Offered {
    /// The built-in rulesets alone.
    pub fn built_in() -> Offered {
        Offered(AnyRuleset::ALL.into_iter().map(Compiled::new).collect())
    }

    /// The built-in rulesets and every `*.toml` rules file of `dir`.
    ///
    /// # Errors
    ///
    /// What is wrong, naming the file: a folder that cannot be read, a
    /// file refused (with its key and line), or a name another ruleset
    /// offered already has (a game is stored under its ruleset's name).
    pub fn with_files(dir: &Path) -> Result<Offered, String> {
        let mut offered = Offered::built_in();
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("--rules {}: cannot read the folder: {e}", dir.display()))?;
        let mut paths = Vec::new();
        for entry in entries {
            let path = entry
                .map_err(|e| format!("--rules {}: {e}", dir.display()))?
                .path();
            if path.extension().is_some_and(|ext| ext == "toml") {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let described =
                Described::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            if offered.named(described.name()).is_some() {
                return Err(format!(
                    "{}: another ruleset offered is named \"{}\"; a rules file needs a name of its own",
                    path.display(),
                    described.name()
                ));
            }
            offered.0.push(Compiled::new(described));
        }
        Ok(offered)
    }

    /// Every ruleset offered.
    pub fn all(&self) -> &[Compiled] {
        &self.0
    }

    /// The ruleset offered under `name`.
    pub fn named(&self, name: &str) -> Option<Compiled> {
        self.0
            .iter()
            .copied()
            .find(|ruleset| ruleset.name() == name)
    }

    /// The names offered, for a message.
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|ruleset| ruleset.name()).collect();
        names.join(", ")
    }
}
