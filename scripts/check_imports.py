#!/usr/bin/env python3
"""Fails when the server's modules import each other in a circle.

Reads every `crate::…` and `super::…` path in backend/src (use lines, grouped uses and paths in
code), maps it to the file of the module that defines the item (following a parent's
`pub use child::Item` re-exports), and reports each strongly connected group of files: a parent
that uses its child while the child uses the parent is a circle too. `--graph` prints every edge.
See docs/ARCHITECTURE.md, "Layers".
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "backend", "src")


def module_files():
    files = {}
    for dirpath, _, names in os.walk(ROOT):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, ROOT)[:-3]
            parts = rel.split(os.sep)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            files[tuple(parts)] = os.path.relpath(path, ROOT)
    return files


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def expand_use_tree(prefix, tree):
    """Expands `a::{b, c::{d, e}}` into full paths."""
    tree = tree.strip()
    out = []
    m = re.match(r"^([\w:]*?)(::)?\{(.*)\}$", tree, flags=re.S)
    if m:
        head = m.group(1)
        base = prefix + ([p for p in head.split("::") if p] if head else [])
        depth, cur = 0, ""
        for ch in m.group(3):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                if cur.strip():
                    out += expand_use_tree(base, cur)
                cur = ""
            else:
                cur += ch
        if cur.strip():
            out += expand_use_tree(base, cur)
        return out
    tree = re.split(r"\s+as\s+", tree)[0]
    return [prefix + [p for p in tree.split("::") if p and p != "self"]]


def absolute(mod, path, is_dir_module):
    """`super::x` and `self::x` made absolute from module `mod`."""
    base = list(mod)
    if path and path[0] == "self":
        return base + path[1:]
    while path and path[0] == "super":
        base = base[:-1]
        path = path[1:]
    return base + path


def inline_module_spans(text):
    """(start, end) of every inline `mod name { … }` block (such as `mod tests`)."""
    spans = []
    for m in re.finditer(r"\bmod\s+\w+\s*\{", text):
        depth = 0
        for i in range(m.end() - 1, len(text)):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    spans.append((m.start(), i))
                    break
    return spans


def inner(path, depth):
    """A `super::`/`self::` path written `depth` inline modules deep, seen from the file's module:
    inside `mod tests { use super::*; }` the `super` is the file itself."""
    while depth and path and path[0] in ("super", "self"):
        if path[0] == "self":
            path = path[1:]
        else:
            path, depth = path[1:], depth - 1
    return path if path and path[0] in ("super", "self") else ["self"] + path


def references(mod, text):
    text = strip_comments(text)
    spans = inline_module_spans(text)
    depth_at = lambda pos: sum(1 for a, b in spans if a < pos < b)
    paths = []
    for m in re.finditer(r"\buse\s+(crate|super|self)::(.*?);", text, flags=re.S):
        for p in expand_use_tree([], m.group(2)):
            if m.group(1) == "crate":
                paths.append(p)
            else:
                paths.append(absolute(mod, inner([m.group(1)] + p, depth_at(m.start())), True))
    body = re.sub(r"\buse\s+(crate|super|self)::.*?;", lambda m: " " * len(m.group(0)), text, flags=re.S)
    for m in re.finditer(r"\b(crate|super)((?:::\w+)+)", body):
        p = m.group(2).split("::")[1:]
        if m.group(1) == "crate":
            paths.append(p)
        else:
            paths.append(absolute(mod, inner(["super"] + p, depth_at(m.start())), True))
    return paths


def reexports(mod, text, files):
    """Names a module re-exports from its own children: {name: child module}."""
    out = {}
    text = strip_comments(text)
    for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+(?:self::)?(.*?);", text, flags=re.S):
        for p in expand_use_tree([], m.group(1)):
            if p and p[0] != "crate" and tuple(list(mod) + [p[0]]) in files:
                out[p[-1]] = tuple(list(mod) + p[:-1])
    return out


def resolve(path, files, reexp):
    """The file of the module that defines `path`'s item."""
    for n in range(len(path), 0, -1):
        mod = tuple(path[:n])
        if mod in files:
            rest = path[n:]
            if rest and rest[0] in reexp.get(mod, {}):
                target = reexp[mod][rest[0]]
                return resolve(list(target) + rest, files, reexp) if target in files else mod
            return mod
    return None


def main():
    files = module_files()
    texts = {}
    for mod, rel in files.items():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            texts[mod] = f.read()
    reexp = {mod: reexports(mod, text, files) for mod, text in texts.items()}
    graph = {m: set() for m in files}
    for mod, text in texts.items():
        for path in references(mod, text):
            target = resolve(path, files, reexp)
            if target is None or target == mod or target == ():
                continue
            graph[mod].add(target)
        # Paths that start at one of the module's own children (`detect::Kind`).
        children = {m[-1] for m in files if len(m) == len(mod) + 1 and m[: len(mod)] == mod}
        code = strip_comments(text)
        for child in children:
            if re.search(r"(?<![\w:])" + child + r"::", code):
                graph[mod].add(tuple(list(mod) + [child]))
    # Tarjan's strongly connected components.
    index, low, on, stack, sccs, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(comp)

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    if "--graph" in sys.argv:
        for v in sorted(graph):
            print("::".join(v) or "crate", "->", ", ".join(sorted("::".join(w) for w in graph[v])))
    if sccs:
        for comp in sccs:
            names = sorted("::".join(m) for m in comp)
            print("import circle:", " ↔ ".join(names))
            for m in sorted(comp):
                inside = sorted("::".join(w) for w in graph[m] if w in comp)
                print(f"  {'::'.join(m)} -> {', '.join(inside)}")
        sys.exit(1)
    print(f"no import circle among {len(files)} server modules")


if __name__ == "__main__":
    main()
