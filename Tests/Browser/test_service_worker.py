"""The service worker's push handling (the payload contract of docs/phone.md): a push delivered through the
DevTools protocol (`ServiceWorker.deliverPushMessage`) becomes a notification with Approve / Deny, and an
Approve signs `POST /api/approvals/{id}/approve` with the device key from IndexedDB."""
import json
import shutil
import time

from conftest import assert_clean, pair_page
from http_client import request
from sidecar import COMPANION, Sidecar

NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map((n) => ({title: n.title, body: n.body, tag: n.tag,
    actions: (n.actions || []).map((a) => a.action), data: n.data}));
}"""

FAILURE_NOTIFICATION = """async (tag) => {
  const registration = await navigator.serviceWorker.ready;
  const found = (await registration.getNotifications()).find((n) => n.tag === tag);
  return found ? {title: found.title, body: found.body, tag: found.tag} : null;
}"""

CLICK_APPROVE = """async (tag) => {
  const notification = (await self.registration.getNotifications()).find((n) => n.tag === tag);
  const event = new NotificationEvent('notificationclick', {notification, action: 'approve'});
  self.dispatchEvent(event);
  return true;
}"""


def poll(page, read, timeout=30.0):
    """The first truthy value `read()` gives within `timeout` seconds. (`wait_for_function` with an async predicate
    given as a string does not await it: the promise is truthy, so it returned at once, before the notification.)"""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if value or time.monotonic() > deadline:
            assert value, "not seen within %s s" % timeout
            return value
        page.wait_for_timeout(50)  # lets Playwright take the browser's events meanwhile (time.sleep would not)


def registration_id(page):
    client = page.context.new_cdp_session(page)
    found = {}
    client.on("ServiceWorker.workerRegistrationUpdated",
              lambda event: found.update({r["scopeURL"]: r["registrationId"] for r in event["registrations"]}))
    client.send("ServiceWorker.enable")
    page.wait_for_timeout(200)
    return client, found


def test_a_push_becomes_a_notification_whose_approve_is_signed_by_the_device(sidecar, page):
    # Approving needs `control`: the owner starts such a pairing through the owner socket.
    pair_page(page, sidecar, scopes="read,tasks,chat,control")
    page.context.grant_permissions(["notifications"], origin=sidecar.origin)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    client, registrations = registration_id(page)
    page.wait_for_function("() => true")
    scope = sidecar.origin + "/app/"
    assert scope in registrations, registrations
    payload = {"kind": "attention", "title": "Bash wants to run", "body": "touch /tmp/x", "url": "/app/#/attention/ap-1",
               "attentionId": "ap-1", "digest": "sha256:00"}
    client.send("ServiceWorker.deliverPushMessage",
                {"origin": sidecar.origin, "registrationId": registrations[scope], "data": json.dumps(payload)})
    shown = poll(page, lambda: page.evaluate(NOTIFICATIONS))
    assert shown[0]["title"] == "Bash wants to run" and shown[0]["body"] == "touch /tmp/x"
    assert shown[0]["actions"] == ["approve", "deny"] and shown[0]["tag"] == "ap-1"
    # Approve from the notification: the worker signs the request with the device key. No approval ap-1 is held,
    # so the sidecar answers 404 after verifying the signature (401 would mean a bad signature), and the worker
    # says so in a notification.
    # Playwright lists a worker only once it has reported it: wait for that instead of indexing at once.
    worker = poll(page, lambda: page.context.service_workers)[0]
    worker.evaluate(CLICK_APPROVE, "ap-1")
    # Read back in the same call that waits for it: the notification is not looked up twice.
    failure = poll(page, lambda: page.evaluate(FAILURE_NOTIFICATION, "failed-ap-1"))
    assert "answered 404" in failure["body"], failure
    assert_clean(page, sidecar.origin)


def test_a_copied_binary_serves_the_same_app(tmp_path):
    """The files are inside the binary: a copy elsewhere, started from another directory, serves them."""
    copy = tmp_path / "bin" / "companion"
    copy.parent.mkdir()
    shutil.copy2(COMPANION, copy)
    sidecar = Sidecar(tmp_path / "copy", binary=copy).start()
    try:
        source = (COMPANION.parents[2] / "Sources" / "CompanionWebApp" / "app")
        for name in ("index.html", "js/app.js", "sw.js", "icons/icon-192.png"):
            status, _, body = request(sidecar.loopback + "/app/" + name)
            assert status == 200 and body == (source / name).read_bytes(), name
    finally:
        sidecar.stop()
