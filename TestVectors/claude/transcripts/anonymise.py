#!/usr/bin/env python3
"""Copy a Claude Code `projects` tree into this fixture directory, anonymised.

Usage: anonymise.py SOURCE_PROJECTS_DIR DEST_PROJECTS_DIR OLD_PREFIX NEW_PREFIX [OLD NEW]...

Every string (and directory name, in its `-` encoded form) has the given prefixes replaced; the long strings of the
bookkeeping records (system prompt snapshots, request shapes and blobs, skill and agent listings) are cut to a
placeholder, so the fixtures hold no copy of Claude Code's own prompts. Conversation records (user, assistant,
system, titles) are kept whole. The records' shape and key order are unchanged; lines are written compactly, as the
CLI writes them.
"""
import json, os, re, sys

KEEP_WHOLE = {"user", "assistant", "system", "custom-title", "ai-title", "summary", "agent-name", "tag"}

def encode(path):
    return re.sub(r"[^A-Za-z0-9]", "-", path)

def main():
    src, dst, *pairs = sys.argv[1:]
    pairs = list(zip(pairs[0::2], pairs[1::2]))
    def fix(s):
        for old, new in pairs:
            s = s.replace(old, new).replace(encode(old), encode(new))
        return s
    def walk(value, elide):
        if isinstance(value, str):
            value = fix(value)
            return f"[elided: {len(value)} characters]" if elide and len(value) > 400 else value
        if isinstance(value, list):
            return [walk(v, elide) for v in value]
        if isinstance(value, dict):
            return {k: walk(v, elide) for k, v in value.items()}
        return value
    for root, _, files in os.walk(src):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), src)
            out = os.path.join(dst, fix(rel))
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(os.path.join(root, name), encoding="utf-8") as f, open(out, "w", encoding="utf-8") as o:
                if not name.endswith(".jsonl"):
                    o.write(fix(f.read()))
                    continue
                for line in f:
                    record = json.loads(line)
                    elide = record.get("type") not in KEEP_WHOLE
                    o.write(json.dumps(walk(record, elide), ensure_ascii=False, separators=(",", ":")) + "\n")

main()
