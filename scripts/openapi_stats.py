#!/usr/bin/env python3
"""Prints the size of an OpenAPI document and of its patterns: `scripts/openapi_stats.py [openapi.json]`.

Inline patterns are those inside a field, not at the top of a named schema of components.schemas.
"""
import json
import os
import sys

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "openapi.json")
with open(path, encoding="utf-8") as f:
    document = json.load(f)
found = []


def walk(value, at):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "pattern" and isinstance(item, str):
                found.append((at, item))
            else:
                walk(item, at + [key])
    elif isinstance(value, list):
        for i, item in enumerate(value):
            walk(item, at + [str(i)])


walk(document, [])
inline = [p for at, p in found if not (len(at) == 3 and at[:2] == ["components", "schemas"])]
operations = sum(len([m for m in item if m in ("get", "put", "post", "delete", "patch")]) for item in document["paths"].values())
compact = len(json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode())
print(f"file {os.path.getsize(path)} bytes (compact {compact}), {operations} operations")
print(f"patterns: {len(found)} ({len(set(p for _, p in found))} distinct), {sum(len(p) for _, p in found)} characters, "
      f"longest {max((len(p) for _, p in found), default=0)}")
print(f"inline patterns: {len(inline)}, longest {max((len(p) for p in inline), default=0)}")
