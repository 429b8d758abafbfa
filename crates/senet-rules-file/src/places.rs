//! Where a key is written in a TOML rules file, from toml's spans: the
//! line of a key `senet` refuses, and the key at the place toml or serde
//! refuses.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// The one-based line of byte `offset`.
pub(crate) fn line_at(text: &str, offset: usize) -> usize {
    let before = &text.as_bytes()[..offset.min(text.len())];
    before.iter().filter(|&&byte| byte == b'\n').count() + 1
}

/// Where `key` (dotted, array entries by index) is written.
pub(crate) fn locate(text: &str, key: &str) -> Option<usize> {
    let document = DeTable::parse(text).ok()?;
    let mut found = None;
    let mut value: Option<&DeValue> = None;
    let mut table = Some(document.get_ref());
    for part in key.split('.').filter(|part| !part.is_empty()) {
        let next = if let Some(table) = table {
            let (name, entry) = table.iter().find(|(name, _)| name.get_ref() == part)?;
            found = Some(name.span().start);
            entry
        } else if let Some(DeValue::Array(array)) = value {
            let entry = array.get(part.parse::<usize>().ok()?)?;
            found = Some(entry.span().start);
            entry
        } else {
            break;
        };
        value = Some(next.get_ref());
        table = next.get_ref().as_table();
    }
    found
}

/// The dotted key whose entry holds byte `offset`, the deepest one. A
/// table written under a header (`[water]`) holds what follows it.
pub(crate) fn key_at(text: &str, offset: usize) -> Option<String> {
    fn within(value: &DeValue, offset: usize, path: &mut Vec<String>) {
        let entries: Vec<(String, Range<usize>, Range<usize>, &DeValue)> = match value {
            DeValue::Table(table) => table
                .iter()
                .map(|(k, v)| (k.get_ref().to_string(), k.span(), v.span(), v.get_ref()))
                .collect(),
            DeValue::Array(array) => array
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v.span(), v.span(), v.get_ref()))
                .collect(),
            _ => return,
        };
        let holding = entries
            .iter()
            .find(|(_, key, value, _)| key.contains(&offset) || value.contains(&offset))
            .or_else(|| {
                entries
                    .iter()
                    .filter(|(_, key, _, value)| key.start <= offset && value.is_table())
                    .max_by_key(|(_, key, _, _)| key.start)
            });
        if let Some((name, _, _, inner)) = holding {
            path.push(name.clone());
            within(inner, offset, path);
        }
    }
    let document = DeTable::parse(text).ok()?;
    let mut path = Vec::new();
    within(&DeValue::Table(document.into_inner()), offset, &mut path);
    Some(path.join("."))
}
