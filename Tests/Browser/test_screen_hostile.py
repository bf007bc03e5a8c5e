"""Hostile content on every screen renders as inert text: task titles and log lines, transcript text and terminal
output holding HTML and script, a `javascript:` link, a bidi override and 1 MB lines (a task log, a
terminal; 64 KB in a transcript). No element
is made from them (no img, script or link), no script runs (no dialog, no page error), the page reports zero CSP
violations, the page is never wider than the phone, and the override is shown as a visible escape."""
from playwright.sync_api import expect

from screens_support import make_world, phone, guard, open_screen  # noqa: F401 (fixtures)

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
