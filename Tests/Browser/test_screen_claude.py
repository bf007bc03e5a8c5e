"""Claude Code from the page: projects → sessions → transcript of a session the real `claude` wrote; Fork of that
(read-only, external) session; a chat in the fork that streams (the answer grows on the page before it is complete)
and resumes the conversation (the model was sent the earlier turn); Stop cancels a run mid-answer on the workstation.
The model is scripts/scripted-model.py answering in 40 pieces 0.15 s apart.
"""
import subprocess

from playwright.sync_api import expect

from claude_world import claude_binary
from screens_support import make_world, phone, guard, open_screen, wait_for  # noqa: F401 (fixtures)


def test_transcript_fork_streaming_chat_and_stop(make_world, phone):
    world, sidecar = make_world("--pieces", "40", "--delay", "0.15")
    project = world.make_project("chat")
    # A session Claude Code itself wrote in the project (as someone using `claude` there would).
    subprocess.run([claude_binary(), "-p", "first prompt"], cwd=project, env=world.environment, check=True,
                   capture_output=True, timeout=120)
    page = phone(sidecar, ["read", "chat"])
    watch = guard(page)
    open_screen(page, "claude")
    page.get_by_role("link", name="chat").first.click()
    page.get_by_role("link", name="first prompt").click()
    transcript = page.get_by_role("list", name="Transcript")
    expect(transcript).to_contain_text("You said: first prompt")
    expect(page.get_by_text("read-only here")).to_be_visible()

    page.get_by_role("button", name="Fork").click()
    expect(page.get_by_role("textbox", name="Message")).to_be_visible(timeout=30_000)
    expect(transcript).to_contain_text("You said: first prompt")

    page.get_by_role("textbox", name="Message").fill("second prompt")
    page.get_by_role("button", name="Send").click()
    answer = page.locator(".ck-streaming")
    # Streaming: part of the answer is on the page while the rest is still coming.
    expect(answer).to_contain_text("This is prompt 2", timeout=60_000)
    assert "You said: second prompt" not in answer.inner_text()
    expect(page.locator(".ck-assistant").last).to_contain_text(
        "(I was sent the 1 before it too). You said: second prompt", timeout=60_000)
    expect(page.locator(".ck-streaming")).to_have_count(0)

    page.get_by_role("textbox", name="Message").fill("third prompt")
    page.get_by_role("button", name="Send").click()
    expect(answer).to_contain_text("This is prompt", timeout=60_000)
    page.get_by_role("button", name="Stop").click()
    expect(page.locator(".ck-streaming")).to_have_count(0, timeout=30_000)
    last = page.locator(".ck-assistant").last.inner_text()
    assert "You said: third prompt" not in last, f"the cancelled answer ran to its end: {last!r}"
    session = page.evaluate("location.hash").split("/")[-1]
    wait_for(lambda: sidecar.call("GET", f"/api/v1/sessions/{session}")["status"] == "cancelled", 30,
             "the run to be cancelled on the workstation")
    watch.check()
