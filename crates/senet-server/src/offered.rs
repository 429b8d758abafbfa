//! The rulesets a server offers: the seven built-in ones, and those its
//! operator states in rules files (`--rules DIR`), all behind one type,
//! [`Rules`], and found by name.

use std::path::Path;

use senet::{AnyRuleset, Rules, Ruleset};

/// The rulesets offered, built-in ones first, then the files' in the
/// order of their file names (a file's ruleset keeps its text).
#[derive(Clone, Debug)]
pub struct Offered(Vec<Rules>);

/// The rules of a ruleset offered, as `GET /api/rulesets/{name}/rules`
/// answers them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RulesText {
    /// The ruleset's name.
    pub name: &'static str,
    /// A built-in ruleset's heading in `docs/rules.md`, or a file's `title`.
    pub title: &'static str,
    /// A file's `source`; `None` for a built-in ruleset (its section says it).
    pub source: Option<&'static str>,
    /// `"markdown"` (a section of `docs/rules.md`) or `"toml"` (a rules file).
    pub format: &'static str,
    /// The section without its heading, or the file's whole text.
    pub text: String,
}

/// The rules of the built-in rulesets, one `## ` section each.
const RULES_MD: &str = include_str!("../../../docs/rules.md");

/// A heading or a name to compare: lower case, without accents, spaces
/// or punctuation (`Kendall 1979` and `kendall1979`, `Jéquier` and `jequier`).
fn folded(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' => 'i',
            'ô' | 'ö' | 'ó' => 'o',
            'ù' | 'û' | 'ü' | 'ú' => 'u',
            'ç' => 'c',
            c => c,
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// The `## ` section of `docs/rules.md` for `name`: its heading and its
/// text up to the next `## ` heading (a fenced block's lines are not headings).
fn section(name: &str) -> Option<(&'static str, &'static str)> {
    let wanted = folded(name);
    let mut fenced = false;
    let mut found: Option<(&'static str, usize)> = None;
    let mut offset = 0;
    for line in RULES_MD.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let Some(heading) = line.strip_prefix("## ").filter(|_| !fenced) else {
            continue;
        };
        if let Some((title, from)) = found {
            return Some((title, RULES_MD[from..start].trim()));
        }
        let heading = heading.trim();
        if folded(heading) == wanted {
            found = Some((heading, offset));
        }
    }
    found.map(|(title, from)| (title, RULES_MD[from..].trim()))
}

impl Offered {
    /// The built-in rulesets alone.
    pub fn built_in() -> Offered {
        Offered(AnyRuleset::ALL.into_iter().map(Rules::from).collect())
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
            let text = senet_rules_file::read_text(&path).map_err(|e| e.to_string())?;
            let described = senet_rules_file::from_toml(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if described.banks_throws() {
                return Err(format!(
                    "{}: \"{}\" banks every throw before moving, which games on this server do not play yet",
                    path.display(),
                    described.name()
                ));
            }
            if offered.named(described.name()).is_some() {
                return Err(format!(
                    "{}: another ruleset offered is named \"{}\"; a rules file needs a name of its own",
                    path.display(),
                    described.name()
                ));
            }
            offered.0.push(described);
        }
        Ok(offered)
    }

    /// Every ruleset offered.
    pub fn all(&self) -> &[Rules] {
        &self.0
    }

    /// The ruleset offered under `name`.
    pub fn named(&self, name: &str) -> Option<Rules> {
        self.0
            .iter()
            .copied()
            .find(|ruleset| ruleset.name() == name)
    }

    /// The rules of the ruleset offered under `name`: a rules file's text,
    /// or a built-in ruleset's section of `docs/rules.md`.
    pub fn rules(&self, name: &str) -> Option<RulesText> {
        let ruleset = self.named(name)?;
        if let Some(text) = ruleset.text() {
            return Some(RulesText {
                name: ruleset.name(),
                title: ruleset.title().unwrap_or_default(),
                source: ruleset.source(),
                format: "toml",
                text: text.to_owned(),
            });
        }
        let (title, text) = section(ruleset.name())?;
        Some(RulesText {
            name: ruleset.name(),
            title,
            source: None,
            format: "markdown",
            text: text.to_owned(),
        })
    }

    /// The names offered, for a message.
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|ruleset| ruleset.name()).collect();
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_ruleset_has_its_section() {
        let offered = Offered::built_in();
        for ruleset in offered.all() {
            let rules = offered.rules(ruleset.name()).expect("a section");
            assert_eq!(rules.format, "markdown");
            assert!(!rules.text.contains("\n## "), "{}", rules.title);
            assert!(rules.text.contains("**Source.**"), "{}", rules.title);
        }
        let jequier = offered.rules("jequier").unwrap();
        assert_eq!(jequier.title, "Jéquier");
        assert_eq!(offered.rules("kendall1979").unwrap().title, "Kendall 1979");
        let kendall = offered.rules("kendall").unwrap();
        assert!(
            kendall
                .text
                .starts_with("Timothy Kendall's reconstruction of 1978")
        );
        assert!(!kendall.text.contains("## Temple"));
        assert_eq!(offered.rules("nonesuch"), None);
        // Common ground is a section, not a ruleset.
        assert_eq!(offered.rules("common ground"), None);
    }

    #[test]
    fn a_rules_file_that_banks_throws_is_refused_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("senet-offered-bank-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let from = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/kendall1979-booklet.toml"
        );
        std::fs::copy(from, dir.join("kendall1979-booklet.toml")).unwrap();
        let refused = Offered::with_files(&dir).err();
        std::fs::remove_dir_all(&dir).unwrap();
        let message = refused.expect("refused");
        assert!(
            message.contains("banks every throw before moving"),
            "{message}"
        );
    }
}
