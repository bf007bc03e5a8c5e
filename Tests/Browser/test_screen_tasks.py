"""Tasks from the page: create and start a task whose command writes a line every half second; its log shows live
(each line before the task ends) over the log WebSocket, and over polling when the WebSocket is refused; Cancel
ends a running task on the workstation."""
import re

from playwright.sync_api import expect

from screens_support import make_world, phone, guard, open_screen, wait_for, wait_hash  # noqa: F401 (fixtures)

SLOW = 'for i in 1 2 3 4 5 6; do echo "line $i"; sleep 0.5; done; echo finished-$((6*7))'


def create_and_start(page, title):
    open_screen(page, "tasks")
    page.get_by_text("New task").click()
    page.get_by_label("Title").fill(title)
    page.get_by_role("button", name="Create and start").click()
    wait_hash(page, lambda hash: re.match(r"#/tasks/.", hash))


def test_a_tasks_log_is_live_over_the_websocket(make_world, phone):
    _, sidecar = make_world(task_command=SLOW)
    page = phone(sidecar, ["read", "tasks"])
    watch = guard(page)
    create_and_start(page, "live log")
    log = page.get_by_role("log", name="Task log")
    expect(page.get_by_text("Live (WebSocket)")).to_be_visible(timeout=30_000)
    expect(log).to_contain_text("line 1", timeout=30_000)
    assert "finished-42" not in log.inner_text(), "the first line came only with the task's end"
    expect(log).to_contain_text("finished-42", timeout=30_000)
    expect(page.get_by_text("Log complete: succeeded")).to_be_visible(timeout=30_000)
    assert log.inner_text().count("line 3") == 1
    watch.check()


def test_a_tasks_log_is_polled_when_the_websocket_is_refused(make_world, phone):
    _, sidecar = make_world(task_command=SLOW)
    page = phone(sidecar, ["read", "tasks"])
    refused = []
    page.route_web_socket(re.compile(r"/v1/tasks/.*/logs"), lambda socket: (refused.append(1), socket.close()))
    create_and_start(page, "polled log")
    log = page.get_by_role("log", name="Task log")
    expect(page.get_by_text("Live (polling every second)")).to_be_visible(timeout=30_000)
    expect(log).to_contain_text("line 1", timeout=30_000)
    expect(log).to_contain_text("finished-42", timeout=30_000)
    expect(page.get_by_text("Log complete: succeeded")).to_be_visible(timeout=30_000)
    assert refused, "the page never tried the WebSocket"
    for number in range(1, 7):
        assert log.inner_text().count(f"line {number}\n") == 1, "a line was lost or shown twice"


def test_cancel_ends_a_running_task(make_world, phone):
    _, sidecar = make_world(task_command="echo started; exec sleep 600")
    page = phone(sidecar, ["read", "tasks"])
    create_and_start(page, "to cancel")
    expect(page.get_by_role("log", name="Task log")).to_contain_text("started", timeout=30_000)
    page.get_by_role("button", name="Cancel…").click()
    page.get_by_role("dialog").get_by_role("button", name="Cancel task").click()
    expect(page.get_by_text("Log complete: cancelled")).to_be_visible(timeout=30_000)
    task = page.evaluate("location.hash").split("/")[-1]
    wait_for(lambda: sidecar.call("GET", f"/v1/tasks/{task}")["task"]["status"] == "cancelled", 30, "cancelled")
