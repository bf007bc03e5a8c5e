"""Each of the four screens with real content (a held request of the real `claude`, an agent's terminal, a
transcript, a finished task's log), light and dark at 390x844: axe-core finds no serious or critical violation, and
the screenshots docs/phone.md shows are written (conftest.py's `screenshot_dir`: docs/images/phone/ with
COMPANION_UPDATE_SCREENSHOTS=1)."""
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from claude_world import claude_binary
from screens_support import make_world, phone, guard, open_screen, start_agent, type_into_agent, wait_for  # noqa: F401 (fixtures)


def serious(page):
    """axe-core's serious and critical violations on the page as it is, one line each."""
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.fixture
def furnished(make_world):
    """A workstation with something on every screen: a held Bash request of a real agent, a chat, a task's log."""
    world, sidecar = make_world(task_command='echo "Cloning…"; echo "Running the tests"; echo "42 passed"')
    project = world.make_project("webshop")
    world.model_rule("run the tests", "npm test -- --watch=false")
    subprocess.run([claude_binary(), "-p", "Summarise the README"], cwd=project, env=world.environment,
                   check=True, capture_output=True, timeout=120)
    task = sidecar.call("POST", "/v1/tasks", {"title": "Run the test suite", "description": "npm test"})["task"]
    sidecar.call("POST", f"/v1/tasks/{task['id']}/start")
    wait_for(lambda: sidecar.call("GET", f"/v1/tasks/{task['id']}")["task"]["status"] == "succeeded", 60, "task")
    return world, sidecar, project, task


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screens_pass_axe_and_are_photographed(furnished, phone, screenshot_dir, scheme):
    world, sidecar, project, task = furnished
    page = phone(sidecar, ["read", "tasks", "chat", "control"], color_scheme=scheme)
    watch = guard(page)
    agent = start_agent(page, project)
    type_into_agent(page, "run the tests")
    wait_for(lambda: sidecar.call("GET", "/api/attention")["approvals"], 90, "the request")
    sessions = sidecar.call("GET", "/api/v1/sessions")["items"]

    shots = {
        "attention": (("attention",), "[data-approval]"),
        "agents": (("agents",), ".ck-row"),
        "agent": (("agents", agent), ".ck-terminal"),
        "claude": (("claude", "session", sessions[0]["id"]), ".ck-message"),
        "tasks": (("tasks", task["id"]), "text=Log complete"),
    }
    problems = {}
    for name, (route, ready) in shots.items():
        open_screen(page, *route)
        expect(page.locator(ready).first).to_be_visible(timeout=30_000)
        found = serious(page)
        if found:
            problems[name] = found
        page.screenshot(path=str(screenshot_dir / f"{name}-{scheme}.png"))
    assert problems == {}, f"axe-core ({scheme}): {problems}"
    watch.check()
    assert (screenshot_dir / f"attention-{scheme}.png").stat().st_size > 0
