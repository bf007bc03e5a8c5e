// The app's start: the service worker, pairing (from the fragment or by hand), then the signed API, the event
// connection and the screens under hash routes. Each screen is `js/screens/<name>.js` exporting
// `mount(root, ctx)` that returns its unmount function, with `ctx = {api, events, device, navigate}`.
import * as keys from "./keys.js";
import * as pushing from "./push.js";
import * as router from "./router.js";
import { createApi } from "./api.js";
import { connect } from "./events.js";
import { h, notice, replace } from "./dom.js";
import { forgetAll } from "./lastknown.js";
import { forgetDevice, loadDevice, saveDevice, takeInvitationFromFragment } from "./pairing.js";
import { describe } from "./trust.js";
import * as agents from "./screens/agents.js";
import * as attention from "./screens/attention.js";
import * as claude from "./screens/claude.js";
import * as pairScreen from "./screens/pair.js";
import * as tasks from "./screens/tasks.js";
import * as workstation from "./screens/workstation.js";

/** @type {{[name: string]: {title: string, mount: (root: HTMLElement, ctx: any) => () => void}}} */
const SCREENS = {
  attention: { title: "Attention", mount: attention.mount },
  agents: { title: "Agents", mount: agents.mount },
  claude: { title: "Claude Code", mount: claude.mount },
  tasks: { title: "Tasks", mount: tasks.mount },
  workstation: { title: "Workstation", mount: workstation.mount },
};
const FIRST_SCREEN = "attention";

const main = /** @type {HTMLElement} */ (document.getElementById("screen"));
const tabs = /** @type {HTMLElement} */ (document.getElementById("tabs"));
const banner = /** @type {HTMLElement} */ (document.getElementById("connection"));

/** How long the page waits for its service worker before it starts without one, in milliseconds. */
const SERVICE_WORKER_WAIT = 10000;

/** Registers the service worker; a failure (certificate error, unsupported) is a fact for the trust tier. */
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return { registration: null, error: "no service worker support" };
  try {
    // Registered once: a page the worker already controls does not register it again (each register() made the
    // browser check sw.js and its modules for an update on top of the check every navigation makes).
    if (!navigator.serviceWorker.controller) {
      await navigator.serviceWorker.register("sw.js", { type: "module", scope: "./" });
    }
    // `ready` never settles when the worker fails to install: bounded, so the page still starts (without push).
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => {
        setTimeout(() => reject(new Error("the service worker did not start within 10 s")), SERVICE_WORKER_WAIT);
      }),
    ]);
    return { registration, error: undefined };
  } catch (error) {
    return { registration: null, error: /** @type {Error} */ (error).message };
  }
}

async function start() {
  const sw = await registerServiceWorker();
  const trust = describe({ serviceWorker: sw.registration !== null, serviceWorkerError: sw.error });
  document.body.dataset.trust = trust.tier;
  const invitation = takeInvitationFromFragment();
  const device = await loadDevice();
  const key = await keys.load();
  if (invitation || !device || !key) {
    showPairing(trust, invitation);
    return;
  }
  await run(device, key, trust, sw.registration);
}

/**
 * @param {import("./trust.js").Trust} trust
 * @param {import("./pairing.js").Invitation | null} invitation
 * @param {string} [reason]
 */
function showPairing(trust, invitation, reason) {
  tabs.hidden = true;
  replace(main);
  pairScreen.mount(main, { invitation, trust, reason, onPaired: () => location.reload() });
}

/**
 * @param {import("./pairing.js").Device} device
 * @param {import("./keys.js").DeviceKey} key
 * @param {import("./trust.js").Trust} trust
 * @param {ServiceWorkerRegistration | null} registration
 */
async function run(device, key, trust, registration) {
  const signer = { deviceID: device.id, sign: (/** @type {Uint8Array} */ bytes) => keys.sign(key, bytes) };
  let ended = false;
  /** @param {string} reason */
  const revoked = async (reason) => {
    if (ended) return;
    ended = true;
    events.close();
    unmount();
    await forgetDevice();
    forgetAll();
    document.body.dataset.session = "revoked";
    showPairing(trust, null, `This device was disconnected from the workstation: ${reason}. Pair again to use it.`);
  };
  const api = createApi(signer, { onUnauthorized: (error) => revoked(error.message) });
  const events = connect(signer, {
    stillTrusted: async () => {
      try {
        await api.get("/companion/devices");
        return true;
      } catch (error) {
        return /** @type {import("./api.js").ApiError} */ (error).status !== 401;
      }
    },
  });
  events.on("revoked", (message) => revoked(String(message.reason)));
  events.on("connection", (message) => {
    document.body.dataset.connection = message.state;
    if (message.state === "open") replace(banner);
    else if (message.state === "closed" && message.retryInMillis !== undefined) {
      replace(banner, notice(
        `The workstation cannot be reached; showing the last-known state. Retrying in ${Math.ceil(message.retryInMillis / 1000)} s.`,
        "warning",
      ));
    }
  });
  // The device's scopes as the workstation has them now (shown on the Workstation screen), read before the first
  // screen mounts: the screens offer only what the scopes allow (unreachable: the saved ones are used).
  try {
    const answer = await api.get("/companion/devices");
    const self = (answer?.devices ?? []).find((/** @type {any} */ d) => String(d.id) === device.id);
    if (self && Array.isArray(self.scopes)) {
      device.scopes = self.scopes.map(String);
      await saveDevice(device);
    }
  } catch {
    // the workstation is unreachable or refused: the saved scopes stand
  }

  const ctx = {
    api,
    events,
    device,
    navigate: router.navigate,
    trust,
    registration,
    push: {
      subscribe: () => registration ? pushing.subscribe(api, registration) : Promise.reject(new Error("no service worker")),
      unsubscribe: () => registration ? pushing.unsubscribe(api, registration) : Promise.resolve(),
      isSubscribed: pushing.isSubscribed,
    },
    disconnect: async () => {
      try {
        await api.post("/companion/disconnect");
      } catch {
        // forgotten here either way
      }
      ended = true;
      events.close();
      await forgetDevice();
      forgetAll();
      location.reload();
    },
  };
  tabs.hidden = false;
  renderTabs();
  let unmount = () => {};
  router.start((route) => {
    if (ended) return;
    const screen = SCREENS[route.name] ?? SCREENS[FIRST_SCREEN];
    unmount();
    replace(main);
    document.title = `${screen.title} · CompanionKit`;
    for (const link of tabs.querySelectorAll("a")) {
      if (link.dataset.screen === route.name) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    unmount = screen.mount(main, { ...ctx, route });
    main.focus({ preventScroll: true });
  }, FIRST_SCREEN);
}

function renderTabs() {
  replace(
    tabs,
    Object.entries(SCREENS).map(([name, screen]) =>
      h("a", { href: router.href(name), "data-screen": name }, screen.title)
    ),
  );
}

// A pairing link opened while the app is already open (only the fragment changes, so no page load): start again,
// which reads the invitation and wipes it.
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#pair=")) location.reload();
});

start().catch((error) => {
  replace(main, notice(`The app could not start: ${/** @type {Error} */ (error).message}`, "error"));
});
