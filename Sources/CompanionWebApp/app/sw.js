// The service worker (a module; scope /app/): keeps the app's own files so a reload needs only the data calls,
// shows Web Push notifications, and answers a notification's Approve / Deny with a request signed by the
// device key (IndexedDB, non-extractable: the worker can sign with it, not read it).
import * as keys from "./js/keys.js";
import * as store from "./js/store.js";
import { signedHeaders } from "./js/sign.js";
import { utf8 } from "./js/encoding.js";

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

// Every file of the app (check-webapp.sh fails when this list and app/ differ). VERSION is the digest of those
// files (scripts/check-webapp.sh --fix writes it), so a change to any of them installs a new worker and cache.
const VERSION = "10e748c8b2443be1";
const CACHE = `companionkit-shell-${VERSION}`;
const SHELL = [
  "./",
  "index.html",
  "manifest.webmanifest",
  "css/app.css",
  "css/screens.css",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "js/api.js",
  "js/app.js",
  "js/dom.js",
  "js/encoding.js",
  "js/events.js",
  "js/keys.js",
  "js/lastknown.js",
  "js/pairing.js",
  "js/push.js",
  "js/router.js",
  "js/screens/agent-detail.js",
  "js/screens/agents.js",
  "js/screens/attention-input.js",
  "js/screens/attention.js",
  "js/screens/claude-chat.js",
  "js/screens/claude-session.js",
  "js/screens/claude.js",
  "js/screens/common.js",
  "js/screens/pair.js",
  "js/screens/task-detail.js",
  "js/screens/task-log.js",
  "js/screens/tasks.js",
  "js/screens/ui.js",
  "js/screens/workstation.js",
  "js/sign.js",
  "js/sse.js",
  "js/store.js",
  "js/trust.js",
  "js/verification.js",
];
const SHELL_URLS = new Set(SHELL.map((path) => new URL(path, sw.registration.scope).href));

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { cache: "no-cache" }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => sw.clients.claim()),
  );
});

// The app's files from the cache (cache first: the worker's own update brings new files); every other request,
// data calls above all, goes to the network untouched.
sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (!SHELL_URLS.has(url.href)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(url.href)) ?? fetch(request)),
  );
});

/**
 * @typedef {{kind: string, title: string, body: string, url: string, attentionId?: string, digest?: string,
 *   taskId?: string}} PushPayload
 */

sw.addEventListener("push", (event) => {
  /** @type {PushPayload} */
  let payload;
  try {
    payload = event.data?.json();
  } catch {
    payload = { kind: "attention", title: "CompanionKit", body: "An agent needs you", url: "/app/#/attention" };
  }
  const title = String(payload?.title || "CompanionKit");
  /** @type {NotificationOptions & {actions?: {action: string, title: string}[]}} */
  const options = {
    body: String(payload?.body ?? ""),
    tag: String(payload?.attentionId ?? payload?.taskId ?? payload?.kind ?? "companionkit"),
    icon: "icons/icon-192.png",
    data: payload,
  };
  if (payload?.kind === "attention" && payload.attentionId && payload.digest) {
    options.actions = [
      { action: "approve", title: "Approve" },
      { action: "deny", title: "Deny" },
    ];
  }
  event.waitUntil(sw.registration.showNotification(title, options));
});

sw.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  /** @type {PushPayload} */
  const payload = notification.data ?? {};
  notification.close();
  if ((event.action === "approve" || event.action === "deny") && payload.attentionId) {
    event.waitUntil(decide(event.action, payload));
    return;
  }
  event.waitUntil(openApp(appURL(payload)));
});

/**
 * The page a notification opens: its `url` when it is this app's, else the attention screen.
 * @param {PushPayload} payload
 */
function appURL(payload) {
  const scope = new URL(sw.registration.scope);
  try {
    const url = new URL(String(payload.url ?? ""), scope);
    if (url.origin === scope.origin && url.pathname.startsWith(scope.pathname)) return url.href;
  } catch {
    // not a URL
  }
  return new URL(payload.attentionId ? `#/attention/${encodeURIComponent(payload.attentionId)}` : "#/attention", scope).href;
}

/** @param {string} url */
async function openApp(url) {
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    if ("focus" in client) {
      await /** @type {WindowClient} */ (client).navigate(url);
      return /** @type {WindowClient} */ (client).focus();
    }
  }
  return sw.clients.openWindow(url);
}

/**
 * Approves or denies the request the notification showed, signed with this device's key and bound to the digest
 * of what was shown; on failure, a notification says so and opens the request.
 * @param {"approve" | "deny"} action
 * @param {PushPayload} payload
 */
async function decide(action, payload) {
  const device = await store.get("device");
  const key = await keys.load();
  const id = String(payload.attentionId);
  if (!device || !key) return openApp(appURL(payload));
  const path = `/api/approvals/${encodeURIComponent(id)}/${action}`;
  const body = utf8(JSON.stringify(payload.digest ? { digest: payload.digest } : {}));
  const signer = { deviceID: String(device.id), sign: (/** @type {Uint8Array} */ bytes) => keys.sign(key, bytes) };
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(await signedHeaders(signer, "POST", path, body)) },
      body,
      cache: "no-store",
      credentials: "omit",
      redirect: "error",
    });
    if (!response.ok) throw new Error(`the workstation answered ${response.status}`);
  } catch (error) {
    await sw.registration.showNotification("Not sent", {
      body: `Could not ${action}: ${/** @type {Error} */ (error).message}. Open the app to answer.`,
      tag: `failed-${id}`,
      data: { ...payload, kind: "failure" },
    });
  }
}
