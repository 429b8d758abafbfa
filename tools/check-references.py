#!/usr/bin/env python3
"""References to files of the repository that do not exist, for CI.

    python3 tools/check-references.py

Reads every text file git knows of (`git ls-files`, tracked and untracked
but not ignored; symbolic links, `target/`, binary files and this file
are skipped) and finds three kinds of reference to a file or folder of
the repository:

- Markdown links and images, `[text](path)` and `[label]: path`, in
  `.md` files: resolved from the folder of the file that holds them (a
  path starting with `/` from the repository's root). URLs (`https:`,
  `mailto:` and the like), links to an anchor of the same page (`#...`)
  and the anchor part of a link (`path#anchor`) are not checked.
- Paths written out in any text file, backticked or bare, that start
  with a top-level folder of the repository: `src/`, `docs/`, `tests/`,
  `crates/`, `examples/`, `benches/`, `rules/`, `tools/`, `fuzz/`,
  `.ci/` (for example `docs/rules.md`, `tests/data/kendall.perft`,
  `crates/senet-bot/src/lib.rs`). They are resolved from the repository's
  root; in a file under `crates/NAME/` or `fuzz/`, a path missing there is
  also looked for in that package (its `src/lib.rs` is `src/lib.rs` to
  its own README). A path preceded by `/`, `.` or a word character
  (`../docs/x.md`, `{root}/docs/x.md`, `foo/src/x`) is not read as one.
- Markdown files named in capitals, alone (`README.md`, `CHANGELOG.md`):
  looked for beside the file that names them, in its package and at the
  repository's root.

A path git ignores (`fuzz/artifacts/`, `target/...`) is output that a
command makes, not a file of the repository, and is not checked.

Patterns and placeholders are not references and are skipped: a path
holding `*`, `?`, `<`, `>`, `{`, `}`, `[`, `$`, `%` or `...`, or a part
in capitals that stands for a name (`N`, `NAME`, `RULESET`, `N.perft`).

Prints `file:line: reference to missing path` for each reference that
resolves to nothing, and exits with 1 if there is any, 0 otherwise.
`KNOWN_MISSES` below lists the misses not fixed yet, each as (file,
path): they are printed as notes and do not fail the check; an entry
that no longer matches is printed too, to be removed.
"""
import os
import re
import subprocess
import sys

TOP = ('src', 'docs', 'tests', 'crates', 'examples', 'benches', 'rules', 'tools', 'fuzz', '.ci')

# A path written out: a known top-level folder, then path characters. The
# look-behind keeps out paths that continue another one (`../docs/x`).
BARE = re.compile(
    r'(?<![\w./\\-])((?:' + '|'.join(re.escape(t) for t in TOP) + r')/[\w./*?<>{}\[\]$%-]*)'
)
# `[text](target)` and `![alt](target)`; the target ends at a space (a
# title follows) or at the closing parenthesis.
LINK = re.compile(r'\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
# `[label]: target`, a reference definition at the start of a line.
DEFINITION = re.compile(r'^\s{0,3}\[[^\]]+\]:\s+<?([^\s>]+)>?')
# `README.md`: a Markdown file named in capitals, not part of a longer path.
CAPITALS = re.compile(r'(?<![\w./\\-])([A-Z][A-Z0-9_-]*\.md)\b')
URL = re.compile(r'^[a-zA-Z][a-zA-Z0-9+.-]*:')
PLACEHOLDER_CHARS = set('*?<>{}[]$%')
# A part of a path that names no file but stands for one: `N`, `NAME`,
# `RULESET`, `N.perft`, `R.toml` (files of the repository in capitals,
# such as `README.md`, are longer than a placeholder or listed here).
PLACEHOLDER_PART = re.compile(r'^(?:[A-Z]|[A-Z]{2,}(?:_[A-Z]+)*)(?:\.\w+)?$')
THIS = 'tools/check-references.py'
# (file, path): misses not fixed yet, in files under rework.
KNOWN_MISSES: set = set()
REAL_CAPITALS = {'README.md', 'CHANGELOG.md', 'LICENSE-MIT', 'LICENSE-APACHE'}


def tracked_files():
    out = subprocess.run(
        ['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
        check=True, capture_output=True,
    ).stdout
    return sorted({p for p in out.decode('utf-8').split('\0') if p})


def known_paths(files):
    """Every file and every folder holding one."""
    known = set()
    for path in files:
        known.add(path)
        parts = path.split('/')
        for i in range(1, len(parts)):
            known.add('/'.join(parts[:i]))
    return known


def text_of(path):
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return None
    if b'\0' in data[:8192]:
        return None
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return None


def is_placeholder(path):
    if '...' in path or any(c in PLACEHOLDER_CHARS for c in path):
        return True
    for part in path.split('/'):
        if part in REAL_CAPITALS:
            continue
        if PLACEHOLDER_PART.match(part):
            return True
    return False


def normal(path):
    """`a/./b/../c` as `a/c`, or None when it leaves the repository."""
    parts = []
    for part in path.split('/'):
        if part in ('', '.'):
            continue
        if part == '..':
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    return '/'.join(parts)


def package_of(path):
    """The folder of the package a file belongs to, other than the root's."""
    parts = path.split('/')
    if parts[0] == 'crates' and len(parts) > 2:
        return '/'.join(parts[:2])
    if parts[0] == 'fuzz':
        return 'fuzz'
    return None


def bare_exists(path, holder, known):
    target = path.rstrip('/')
    if target in known:
        return True
    package = package_of(holder)
    return package is not None and package + '/' + target in known


def capitals_exist(name, holder, known):
    places = [os.path.dirname(holder), package_of(holder), '']
    return any(normal(f'{place}/{name}') in known for place in places if place is not None)


def ignored(paths):
    """The paths among `paths` that git ignores."""
    if not paths:
        return set()
    out = subprocess.run(
        ['git', 'check-ignore', '--no-index', '--stdin', '-z'],
        input='\0'.join(paths).encode('utf-8'), capture_output=True,
    ).stdout
    return {p for p in out.decode('utf-8').split('\0') if p}


def link_exists(target, holder, known):
    if target.startswith('/'):
        resolved = normal(target)
    else:
        resolved = normal(os.path.dirname(holder) + '/' + target)
    return resolved is not None and (resolved in known or resolved == '')


def trim(path):
    # Sentence punctuation and closing brackets after a path are not part
    # of it; neither is a Rust path or a line number after it.
    path = re.split(r'::|#|:\d', path)[0]
    return path.rstrip('.,;:!)]}\'"`')


def check(files, known):
    misses = []
    for holder in files:
        # This file names the misses it knows of: not references.
        if holder.startswith('target/') or os.path.islink(holder) or holder == THIS:
            continue
        text = text_of(holder)
        if text is None:
            continue
        markdown = holder.endswith('.md')
        fenced = False
        for number, line in enumerate(text.splitlines(), 1):
            if markdown and line.lstrip().startswith(('```', '~~~')):
                fenced = not fenced
            if markdown and not fenced:
                targets = [m.group(1) for m in LINK.finditer(line)]
                definition = DEFINITION.match(line)
                if definition:
                    targets.append(definition.group(1))
                for target in targets:
                    target = target.split('#')[0]
                    if not target or URL.match(target) or is_placeholder(target):
                        continue
                    if not link_exists(target, holder, known):
                        misses.append((holder, number, target))
            for match in BARE.finditer(line):
                path = trim(match.group(1))
                if '/' not in path or path.endswith('/.') or is_placeholder(path):
                    continue
                if not bare_exists(path, holder, known):
                    misses.append((holder, number, path))
            for match in CAPITALS.finditer(line):
                if not capitals_exist(match.group(1), holder, known):
                    misses.append((holder, number, match.group(1)))
    return misses


def main():
    root = subprocess.run(
        ['git', 'rev-parse', '--show-toplevel'], check=True, capture_output=True, text=True
    ).stdout.strip()
    os.chdir(root)
    files = tracked_files()
    misses = check(files, known_paths(files))
    skipped = ignored(sorted({path.rstrip('/') for _, _, path in misses}))
    misses = [m for m in misses if m[2].rstrip('/') not in skipped]
    known = [m for m in misses if (m[0], m[2]) in KNOWN_MISSES]
    misses = [m for m in misses if (m[0], m[2]) not in KNOWN_MISSES]
    for holder, number, path in known:
        print(f'note: {holder}:{number}: reference to missing path {path} (known, not fixed yet)',
              file=sys.stderr)
    for holder, path in sorted(KNOWN_MISSES - {(m[0], m[2]) for m in known}):
        print(f'note: {holder} no longer refers to {path}: remove it from KNOWN_MISSES',
              file=sys.stderr)
    for holder, number, path in misses:
        print(f'{holder}:{number}: reference to missing path {path}')
    if misses:
        print(f'{len(misses)} reference(s) to missing paths', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
