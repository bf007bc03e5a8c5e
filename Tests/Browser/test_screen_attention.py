"""Attention from the page: the real interactive `claude` in tmux (started and typed into from the Agents screen)
raises a real permission request through its hooks; the page shows the whole command and decides it with the digest
of what it showed. The tool runs, or does not: a file it would write is checked. Always shows the rules Claude Code
suggested (what the sidecar keeps for the session) and asks a second time before it allows; the same command later in
the session then runs without a request.
"""
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from screens_support import make_world, phone, guard, open_screen, start_agent, type_into_agent, wait_for  # noqa: F401 (fixtures)

MAKE = "please make the file"


def held(sidecar):
    return sidecar.call("GET", "/api/attention")["approvals"]


def test_approve_on_the_page_lets_the_tool_run(make_world, phone):
    world, sidecar = make_world()
    target = world.root / "approved-by-page"
    world.model_rule(MAKE, f"touch {target}")
    project = world.make_project("attention")
    page = phone(sidecar, ["read", "control"])
    watch = guard(page)
    session = start_agent(page, project)
    type_into_agent(page, MAKE)
    # The agent's page links to the request as soon as it is raised (a /ws attention event, no reload).
    page.get_by_role("link", name=re.compile("Answer: Bash request")).click()
    card = page.locator("[data-approval]")
    expect(card).to_have_count(1, timeout=60_000)
    expect(card).to_contain_text(f"touch {target}")
    approval = held(sidecar)[0]
    expect(card).to_contain_text(approval["digest"])
    assert not target.exists()
    card.get_by_role("button", name="Approve").click()
    wait_for(target.exists, 60, "the approved tool to write its file")
    expect(card).to_have_count(0)
    expect(page.get_by_role("status").filter(has_text="Approved: Bash")).to_be_visible()
    assert held(sidecar) == []
    wait_for(lambda: sidecar.call("GET", f"/api/sessions/{session}")["state"] == "idle", 60, "the turn's end")
    watch.check()


def test_deny_on_the_page_keeps_the_tool_from_running_and_a_decision_elsewhere_removes_the_card(
        make_world, phone):
    world, sidecar = make_world()
    target = world.root / "denied-by-page"
    world.model_rule(MAKE, f"touch {target}")
    world.model_rule("again", f"touch {target}")
    project = world.make_project("deny")
    page = phone(sidecar, ["read", "control"])
    watch = guard(page)
    session = start_agent(page, project)
    type_into_agent(page, MAKE)
    open_screen(page, "attention")
    card = page.locator("[data-approval]")
    expect(card).to_have_count(1, timeout=60_000)
    card.get_by_role("button", name="Deny").click()
    expect(card).to_have_count(0)
    wait_for(lambda: sidecar.call("GET", f"/api/sessions/{session}")["state"] == "idle", 60, "the turn's end")
    assert not target.exists(), "a denied tool ran"

    # Another device (here the API key) answers the next request: the card leaves this page live.
    open_screen(page, "agents", session)
    type_into_agent(page, "again")
    open_screen(page, "attention")
    expect(card).to_have_count(1, timeout=60_000)
    approval = wait_for(lambda: held(sidecar), 30, "the second request")[0]
    sidecar.call("POST", f"/api/approvals/{approval['approval_id']}/deny", {"digest": approval["digest"]})
    expect(card).to_have_count(0, timeout=10_000)
    assert not target.exists()
    watch.check()


def test_always_shows_the_rules_it_keeps_asks_again_and_lets_the_tool_run(make_world, phone):
    world, sidecar = make_world()
    project = world.make_project("always")
    # Inside the project: for a command writing outside the working directory Claude Code asks again whatever rules
    # it holds, even after its own "don't ask again" (docs/agents.md, "Always"; scripts/probes/claude-always-rules.py).
    directory = Path(project) / "always-dir"
    target = directory / "file"
    command = f"mkdir -p {directory} && touch {target}"
    world.model_rule(MAKE, command)
    world.model_rule("once more", command)
    page = phone(sidecar, ["read", "control"])
    watch = guard(page)
    session = start_agent(page, project)
    type_into_agent(page, MAKE)
    open_screen(page, "attention")
    card = page.locator("[data-approval]")
    expect(card).to_have_count(1, timeout=60_000)
    expect(card).to_contain_text(f"Bash(touch {target})")
    card.get_by_role("button", name="Always").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"Bash(mkdir -p {directory})")
    expect(dialog).to_contain_text(f"Bash(touch {target})")
    dialog.get_by_role("button", name="Always allow").click()
    wait_for(target.exists, 60, "the approved tool to write its file")
    expect(page.get_by_role("status").filter(has_text="Approved, always for this session")).to_be_visible()
    expect(card).to_have_count(0)
    wait_for(lambda: sidecar.call("GET", f"/api/sessions/{session}")["state"] == "idle", 60, "the turn's end")

    # The same command again in the session: Claude Code applies the kept rules and runs it without asking (a held
    # request would keep the file from coming back for the sidecar's 120 s hold).
    target.unlink()
    open_screen(page, "agents", session)
    type_into_agent(page, "once more")
    wait_for(target.exists, 60, "the same command to run under the rules kept by Always, unasked")
    assert held(sidecar) == []
    wait_for(lambda: sidecar.call("GET", f"/api/sessions/{session}")["state"] == "idle", 60, "the second turn's end")
    watch.check()
