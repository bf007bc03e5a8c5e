#!/usr/bin/env python3
"""Write a Claude Code `projects` tree shaped like the real CLI's (see TestVectors/claude/transcripts) for
Benchmarks/claude-index.sh: SESSIONS transcripts over PROJECTS project directories, TOTAL_MB in all, one of them
BIG_MB (the "large transcript" of the benchmark), each a sequence of turns: a queue operation, the user's prompt,
attachments with system reminders, an API request record, assistant records split per content block (thinking,
text, tool use), the tool result (a file's contents, several KB) with its `toolUseResult`, `last-prompt` and
`cost-state` records. Deterministic (seeded), written with string templates for speed.

Usage: claude-index-generate.py OUT_PROJECTS_DIR SESSIONS TOTAL_MB BIG_MB [PROJECTS]
Prints the big session's "<project dir> <session id>".
"""
import json, os, random, sys, uuid

out, sessions, total_mb, big_mb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
projects = int(sys.argv[5]) if len(sys.argv) > 5 else 20
rng = random.Random(13)
words = ("the index tails each transcript by byte offset so listing sessions never parses a whole file again "
         "while the watcher debounces inotify events and a request checks stat of changed files").split()

def prose(n):
    return " ".join(rng.choice(words) for _ in range(n))

def j(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

# A pool of turn templates; {S} session id, {C} cwd, {T} timestamp prefix, {U} a unique counter.
def turn_template(k):
    body = "\n".join(f"{i:5d}\t" + prose(12) for i in range(rng.randint(40, 160)))
    prompt = prose(rng.randint(5, 30))
    common = ',"userType":"external","entrypoint":"cli","cwd":"{C}","sessionId":"{S}","version":"2.1.330","gitBranch":"main"'
    usage = ',"usage":{"input_tokens":1200,"cache_creation_input_tokens":0,"cache_read_input_tokens":35000,"output_tokens":420,"service_tier":"standard"}'
    tool_id = f"toolu_{k:04d}{{U}}"
    lines = [
        '{"type":"queue-operation","operation":"enqueue","timestamp":"{T}:00.100Z","sessionId":"{S}","content":' + j(prompt) + '}',
        '{"parentUuid":"p{U}","isSidechain":false,"promptId":"q{U}","type":"user","message":{"role":"user","content":' + j(prompt) + '},"uuid":"u1-{U}","timestamp":"{T}:00.200Z","permissionMode":"default"' + common + '}',
        '{"parentUuid":"u1-{U}","isSidechain":false,"attachment":{"type":"date","date":"2026-11-23"},"type":"attachment","uuid":"a1-{U}","timestamp":"{T}:00.210Z","rendered":[{"content":' + j("<system-reminder>\n" + prose(300) + "\n</system-reminder>") + '}],"renderedRole":"system"' + common + '}',
        '{"type":"api-request","sessionId":"{S}","id":"r{U}","timestamp":"{T}:00.300Z","version":"2.1.330","querySource":"repl_main_thread","params":{"model":"claude-opus-5-5","max_tokens":32000},"keep":2,"tail":["' + "0" * 64 + '"]}',
        '{"parentUuid":"a1-{U}","isSidechain":false,"message":{"id":"msg_{U}","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"thinking","thinking":' + j(prose(rng.randint(20, 120))) + ',"signature":"' + "c2ln" * 60 + '"}],"stop_reason":"tool_use"' + usage + '},"requestId":"req_{U}","type":"assistant","uuid":"u2-{U}","timestamp":"{T}:01.000Z"' + common + '}',
        '{"parentUuid":"u2-{U}","isSidechain":false,"message":{"id":"msg_{U}","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"text","text":' + j(prose(rng.randint(10, 80))) + '}],"stop_reason":"tool_use"' + usage + '},"requestId":"req_{U}","type":"assistant","uuid":"u3-{U}","timestamp":"{T}:01.100Z"' + common + '}',
        '{"parentUuid":"u3-{U}","isSidechain":false,"message":{"id":"msg_{U}","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"tool_use","id":"' + tool_id + '","name":"Read","input":{"file_path":"{C}/Sources/File' + str(k) + '.swift"}}],"stop_reason":"tool_use"' + usage + '},"requestId":"req_{U}","type":"assistant","uuid":"u4-{U}","timestamp":"{T}:01.200Z"' + common + '}',
        '{"parentUuid":"u4-{U}","isSidechain":false,"promptId":"q{U}","type":"user","message":{"role":"user","content":[{"tool_use_id":"' + tool_id + '","type":"tool_result","content":' + j(body) + '}]},"uuid":"u5-{U}","timestamp":"{T}:02.000Z","toolUseResult":{"type":"text","file":{"filePath":"{C}/Sources/File' + str(k) + '.swift","content":' + j(body) + ',"numLines":160,"startLine":1,"totalLines":160}},"sourceToolAssistantUUID":"u4-{U}"' + common + '}',
        '{"parentUuid":"u5-{U}","isSidechain":false,"message":{"id":"msg2_{U}","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"text","text":' + j(prose(rng.randint(30, 200))) + '}],"stop_reason":"end_turn"' + usage + '},"requestId":"req2_{U}","type":"assistant","uuid":"u6-{U}","timestamp":"{T}:03.000Z"' + common + '}',
        '{"type":"last-prompt","lastPrompt":' + j(prompt[:80]) + ',"leafUuid":"u6-{U}","sessionId":"{S}"}',
    ]
    return "\n".join(lines) + "\n"

templates = [turn_template(k) for k in range(64)]
avg_turn = sum(len(t.encode()) for t in templates) / len(templates)

def write_session(path, session_id, cwd, target_bytes, day):
    written = 0
    n = 0
    with open(path, "w", encoding="utf-8", buffering=1 << 20) as f:
        while written < target_bytes:
            t = templates[n % len(templates)]
            minute = n % (24 * 60)
            stamp = f"2026-{(day // 28) % 12 + 1:02d}-{day % 28 + 1:02d}T{minute // 60:02d}:{minute % 60:02d}"
            text = t.replace("{S}", session_id).replace("{C}", cwd).replace("{T}", stamp).replace("{U}", f"{n:07d}")
            f.write(text)
            written += len(text.encode()) if n < 4 else int(avg_turn)
            n += 1

os.makedirs(out, exist_ok=True)
big_bytes = big_mb << 20
rest_bytes = max((total_mb << 20) - big_bytes, 0)
per_session = rest_bytes // max(sessions - 1, 1)
big = None
for s in range(sessions):
    p = s % projects
    cwd = f"/home/ada/src/project.{p:03d}"
    directory = os.path.join(out, "-home-ada-src-project-" + f"{p:03d}")
    os.makedirs(directory, exist_ok=True)
    session_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    size = big_bytes if s == 0 else int(per_session * rng.uniform(0.2, 1.8))
    write_session(os.path.join(directory, session_id + ".jsonl"), session_id, cwd, size, s)
    if s == 0:
        big = (os.path.basename(directory), session_id)
print(*big)
