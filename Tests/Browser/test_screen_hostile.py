"""Hostile content on every screen renders as inert text: task titles and log lines, transcript text, terminal
output and held requests' tool inputs holding HTML and script, a `javascript:` link, a bidi override and 1 MB lines
(a task log, a terminal, a tool input; 64 KB in a transcript). No element
is made from them (no img, script or link), no script runs (no dialog, no page error), the page reports zero CSP
violations, the page is never wider than the phone, and the override is shown as a visible escape."""
import json
import subprocess
import uuid

from playwright.sync_api import expect

from screens_support import make_world, phone, guard, open_screen, wait_for  # noqa: F401 (fixtures)
from sidecar import COMPANION

# Labels (task titles, session names) with control or bidi characters are refused by the sidecar (HumanLabel), so
# they carry the markup only; everything else carries the override too.
MARKUP = ('<img src=x onerror=alert(1)> </script><script>alert(2)</script> '
          '<a href="javascript:alert(3)">tap</a> javascript:alert(4)')
HOSTILE = MARKUP + " \u202eevil\u202c"
MEGABYTE = "A" * 1_000_000
BIDI_SHOWN = "\\u{202E}evil\\u{202C}"


def assert_inert(page, watch, bidi=True):
    """Nothing the network sent became an element; the override is visible; the guard's checks hold."""
    screen = page.locator("#screen")
    assert screen.locator("img").count() == 0
    assert screen.locator("script").count() == 0
    assert screen.locator("a[href^='javascript']").count() == 0
    assert screen.locator("iframe, object, embed").count() == 0
    expect(screen).to_contain_text("<img src=x onerror=alert(1)>")
    if bidi:
        expect(screen).to_contain_text(BIDI_SHOWN)
    watch.check()


def test_hostile_content_is_inert_text_on_every_screen(make_world, phone):
    world, sidecar = make_world(task_command="cat; printf '%s\\n' \"$COMPANION_TASK_TITLE\"; "
                                              "head -c 1000000 /dev/zero | tr '\\0' A; echo")
    project = world.make_project("hostile")
    hostile_file = world.root / "hostile.txt"
    hostile_file.write_text(HOSTILE + "\n" + MEGABYTE + "\n" + HOSTILE + "\n")

    task = sidecar.call("POST", "/v1/tasks", {"title": MARKUP, "description": HOSTILE})["task"]
    sidecar.call("POST", f"/v1/tasks/{task['id']}/start")
    terminal = sidecar.call("POST", "/api/sessions", {
        "project": project, "command": ["/bin/sh", "-c", f"cat '{hostile_file}'; exec sleep 600"]})
    chat = sidecar.call("POST", "/api/v1/sessions", {"name": MARKUP})

    page = phone(sidecar, ["read", "tasks", "chat", "control"])
    watch = guard(page)

    open_screen(page, "tasks")
    assert_inert(page, watch, bidi=False)
    open_screen(page, "tasks", task["id"])
    expect(page.get_by_text("Log complete: succeeded")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("log", name="Task log")).to_contain_text("A" * 1000)
    assert_inert(page, watch)

    open_screen(page, "agents", terminal["id"])
    expect(page.get_by_role("log", name="Terminal")).to_contain_text("AAAA", timeout=30_000)
    assert_inert(page, watch)
    open_screen(page, "agents")
    watch.check()

    # A transcript with the hostile text and a long line, in the prompt and in the model's echo of it.
    open_screen(page, "claude", "session", chat["id"])
    expect(page.get_by_role("textbox", name="Message")).to_be_visible(timeout=30_000)
    # A 64 KB line here (the 1 MB lines are the task's log and the terminal): a megabyte in the text box stalls the
    # page's input handling for longer than the test waits.
    page.get_by_role("textbox", name="Message").fill(HOSTILE + "\n" + "C" * 65_536)
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".ck-streaming")).to_have_count(0, timeout=120_000)
    open_screen(page, "claude")
    open_screen(page, "claude", "session", chat["id"])
    expect(page.get_by_role("list", name="Transcript")).to_contain_text("You said:", timeout=30_000)
    assert_inert(page, watch)


def hold_request(world, sidecar, tool, tool_input):
    """Raises a permission request as Claude Code does: its PermissionRequest event on the stdin of the hook command
    `companion sidecar hooks install` put in the world's settings (`companion hook`, the sidecar's owner socket). The
    hook is held (it answers when the request is decided); the process is returned."""
    event = {"hook_event_name": "PermissionRequest", "session_id": str(uuid.uuid4()), "cwd": str(world.root),
             "tool_name": tool, "tool_input": tool_input, "permission_mode": "default"}
    hook = subprocess.Popen([str(COMPANION), "hook", "--socket", str(sidecar.sidecar.data / "owner.sock")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=world.environment)
    hook.stdin.write(json.dumps(event).encode())
    hook.stdin.close()
    return hook


def test_hostile_tool_inputs_are_inert_text_on_the_attention_screen(make_world, phone):
    world, sidecar = make_world()
    # The CLI's other invisible characters too (zero-width space, BOM, line separator), shown as escapes.
    hidden = HOSTILE + " zero\u200bwidth\ufeff line\u2028separator"
    key = '<img src=x onerror=alert(5)> \u202ekey'
    holds = [
        hold_request(world, sidecar, "Bash", {"command": hidden, "description": hidden, key: hidden}),
        hold_request(world, sidecar, "Edit", {"file_path": "/tmp/" + hidden, "old_string": hidden + "\n" + HOSTILE,
                                              "new_string": "B" * 60_000 + "\n" + hidden, key: [hidden, {key: 1}]}),
        # Over the 64 KB the sidecar shows (ApprovalRequest.maxShownInputBytes): shown as its size, Deny only.
        hold_request(world, sidecar, "Write", {"file_path": "/tmp/" + HOSTILE, "content": MEGABYTE + "\n" + HOSTILE}),
    ]
    try:
        wait_for(lambda: len(sidecar.call("GET", "/api/attention")["approvals"]) == 3, 30, "three held requests")
        page = phone(sidecar, ["read", "control"])
        watch = guard(page)
        open_screen(page, "attention")
        cards = page.locator("[data-approval]")
        expect(cards).to_have_count(3, timeout=30_000)
        assert_inert(page, watch)
        screen = page.locator("#screen")
        for shown in ("zero\\u{200B}width\\u{FEFF}", "line\\u{2028}separator", "\\u{202E}key", "B" * 1000):
            expect(screen).to_contain_text(shown)
        too_long = cards.filter(has_text="Write")
        expect(too_long).to_contain_text("too long to show here")
        expect(too_long.get_by_role("button", name="Approve")).to_have_count(0)
        for card in cards.all():
            box = card.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"a card overflows the 390 px page: {box}"
        cards.filter(has_text="Write").get_by_role("button", name="Deny").click()
        expect(cards).to_have_count(2)
        watch.check()
    finally:
        for approval in sidecar.call("GET", "/api/attention")["approvals"]:
            sidecar.call("POST", f"/api/approvals/{approval['approval_id']}/deny", {"digest": approval["digest"]})
        for hook in holds:
            hook.wait(timeout=30)
