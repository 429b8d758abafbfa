#!/usr/bin/env python3
"""Source files over a size limit, for CI.

    python3 tools/code-lines.py [--limit N] [DIR ...]

Counts the code lines of every `*.rs` file under the given directories
(by default `src`, `crates/*/src`, `crates/*/tests`, `tests`, `benches` and
`examples`, from the current directory): lines that are neither blank nor
only a comment (`//`, `///`, `//!`). Prints every file with more than the
limit (600 unless given), most first, as `<code lines> <path>`, and exits
with 1 if there is any; a file that long is due to be split into modules
by concept.
"""
import argparse
import glob
import os
import sys

DEFAULT_DIRS = ['src', 'crates/*/src', 'crates/*/tests', 'tests', 'benches', 'examples']


def code_lines(path):
    """The lines of `path` that are neither blank nor a comment alone."""
    with open(path, encoding='utf-8') as f:
        return sum(1 for line in f if line.strip() and not line.strip().startswith('//'))


def rust_files(patterns):
    files = set()
    for pattern in patterns:
        for root in glob.glob(pattern):
            if os.path.isfile(root) and root.endswith('.rs'):
                files.add(os.path.normpath(root))
            files.update(os.path.normpath(f)
                         for f in glob.glob(os.path.join(root, '**', '*.rs'), recursive=True))
    return sorted(files)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--limit', type=int, default=600,
                        help='the most code lines a file may have (default 600)')
    parser.add_argument('dirs', nargs='*', default=DEFAULT_DIRS,
                        help='directories (glob patterns) to search for *.rs files')
    args = parser.parse_args()
    over = [(n, f) for f in rust_files(args.dirs) if (n := code_lines(f)) > args.limit]
    for n, f in sorted(over, key=lambda nf: (-nf[0], nf[1])):
        print(f'{n} {f}')
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main())
