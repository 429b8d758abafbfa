#!/usr/bin/env python3
"""Import circles between the files of each crate, for CI.

    python3 tools/import-circles.py src crates/*/src

File A imports file B when A's code (not its comments, not its
`#[cfg(test)] mod tests`) names a path `crate::b...` or `super::b...` that
leads to B's module. A file declaring its child modules, or re-exporting
them, is not counted as importing them. Prints every group of files that
import each other in a circle (a strongly connected component of more than
one file) and exits with 1 if there is any.
"""
import glob
import os
import re
import sys

PATH = r'(?:[a-z_][a-z0-9_]*::)*[a-z_][a-z0-9_]*'


def module_of(root, path):
    parts = os.path.relpath(path, root)[:-3].split(os.sep)
    if parts[-1] in ('mod', 'lib', 'main'):
        parts = parts[:-1]
    return tuple(parts)


def graph_of(root):
    modules = {module_of(root, f): f for f in glob.glob(root + '/**/*.rs', recursive=True)}

    def resolve(path):
        for k in range(len(path), 0, -1):
            if tuple(path[:k]) in modules:
                return tuple(path[:k])
        return None

    graph = {m: set() for m in modules}
    for m, f in modules.items():
        text = open(f, encoding='utf-8').read()
        text = re.sub(r'#\[cfg\(test\)\]\s*mod tests \{.*', '', text, flags=re.S)
        text = '\n'.join(l for l in text.split('\n') if not l.strip().startswith('//'))
        found = []
        for group in re.finditer(r'crate::\{([^;]*)\}', text):
            found += [part.strip().split('::') for part in group.group(1).split(',')]
        found += [g.group(1).split('::') for g in re.finditer(r'crate::(' + PATH + ')', text)]
        parent = list(m[:-1])
        found += [parent + g.group(1).split('::') for g in re.finditer(r'\bsuper::(' + PATH + ')', text)]
        for path in found:
            target = resolve([p for p in path if p])
            if target and target != m and target[:len(m)] != m:
                graph[m].add(target)
    return graph


def circles(graph):
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted('/'.join(x) for x in group))

    sys.setrecursionlimit(10_000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main(roots):
    total = 0
    for root in roots:
        found = circles(graph_of(root))
        total += len(found)
        print(f'{root}: {len(found)} import circles')
        for group in found:
            print('  ' + ' <-> '.join(group))
    return 1 if total else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or ['src']))
