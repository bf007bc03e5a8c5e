// Workstation: the connection's trust, the workstation's status, this device (fingerprint, scopes), the other
// devices (revoke, for a device with `admin`), notifications, and disconnecting this device.
import { h, notice, replace, setText } from "../dom.js";
import { ago, list, loadInto, section } from "./common.js";

/**
 * @typedef {import("./common.js").ScreenContext & {
 *   trust: import("../trust.js").Trust,
 *   registration: ServiceWorkerRegistration | null,
 *   push: {subscribe: () => Promise<string>, unsubscribe: () => Promise<void>, isSubscribed: () => Promise<boolean>},
 *   disconnect: () => Promise<void>,
 * }} WorkstationContext
 */

/**
 * @param {HTMLElement} root
 * @param {WorkstationContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  let mounted = true;
  const isMounted = () => mounted;
  const { device, trust } = ctx;

  const trustSection = section(
    "Connection",
    h("p", { class: `trust trust-${trust.tier}`, "data-trust": trust.tier }, h("strong", {}, trust.title)),
    h("p", { class: "muted" }, trust.detail),
  );

  const status = h("div", {}, "Loading…");
  const devices = h("div", {}, "Loading…");
  const pushArea = h("div", {});

  const thisDevice = section(
    "This device",
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, "Name"),
      h("dd", {}, device.name),
      h("dt", {}, "Id"),
      h("dd", { class: "mono" }, device.id),
      h("dt", {}, "Key fingerprint"),
      h("dd", { class: "mono", "data-fingerprint": "" }, device.fingerprint),
      h("dt", {}, "Scopes"),
      h("dd", { "data-scopes": "" }, device.scopes.length ? device.scopes.join(", ") : "(unknown)"),
    ),
    h(
      "button",
      {
        type: "button",
        class: "danger",
        onclick: async () => {
          if (!window.confirm("Disconnect this device? It forgets its key and must be paired again.")) return;
          await ctx.disconnect();
        },
      },
      "Disconnect this device",
    ),
  );

  root.append(
    trustSection,
    section("Workstation", status),
    thisDevice,
    section("Notifications", pushArea),
    section("Paired devices", devices),
  );

  loadInto(
    status,
    "workstation.status",
    () => ctx.api.get("/companion/status"),
    (answer) =>
      h(
        "dl",
        { class: "facts" },
        h("dt", {}, "Connected"),
        h("dd", {}, answer?.connected ? "yes" : "no"),
        h("dt", {}, "Last seen"),
        h("dd", {}, ago(answer?.connectedDevice?.lastSeenAt)),
      ),
    isMounted,
  );

  const canRevoke = device.scopes.includes("admin");
  const loadDevices = () =>
    loadInto(
      devices,
      "workstation.devices",
      () => ctx.api.get("/companion/devices"),
      (answer) =>
        list(
          answer?.devices ?? [],
          (/** @type {any} */ other) => {
            const self = String(other.id) === device.id;
            return h(
              "div",
              { class: "row" },
              h("strong", {}, String(other.name) + (self ? " (this device)" : "")),
              h("span", { class: "muted" }, `${(other.scopes ?? []).join(", ")} · seen ${ago(other.lastSeenAt)}`),
              canRevoke && !self
                ? h(
                    "button",
                    {
                      type: "button",
                      class: "danger",
                      "aria-label": `Revoke ${String(other.name)}`,
                      onclick: async () => {
                        if (!window.confirm(`Revoke ${String(other.name)}? It can no longer reach the workstation.`)) {
                          return;
                        }
                        try {
                          await ctx.api.delete(`/companion/devices/${encodeURIComponent(String(other.id))}`);
                        } catch (error) {
                          window.alert(`Could not revoke: ${/** @type {Error} */ (error).message}`);
                        }
                        loadDevices();
                      },
                    },
                    "Revoke",
                  )
                : null,
            );
          },
          "No devices.",
        ),
      isMounted,
    );
  loadDevices();
  renderPush(pushArea, ctx, isMounted);
  return () => {
    mounted = false;
  };
}

/**
 * The "Notify me" control, or why notifications are unavailable here.
 * @param {HTMLElement} area
 * @param {WorkstationContext} ctx
 * @param {() => boolean} mounted
 */
async function renderPush(area, ctx, mounted) {
  if (!ctx.trust.pushAvailable || !ctx.registration) {
    replace(
      area,
      notice(
        ctx.trust.tier === "unverified"
          ? "Notifications are unavailable: the browser refuses push on a certificate it could not verify."
          : "Notifications are unavailable in this browser.",
        "warning",
      ),
    );
    return;
  }
  const subscribed = await ctx.push.isSubscribed();
  if (!mounted()) return;
  const message = h("p", { role: "status", class: "muted" });
  const button = h(
    "button",
    {
      type: "button",
      onclick: async () => {
        try {
          if (await ctx.push.isSubscribed()) await ctx.push.unsubscribe();
          else await ctx.push.subscribe();
          if (mounted()) renderPush(area, ctx, mounted);
        } catch (error) {
          setText(message, `Could not change notifications: ${/** @type {Error} */ (error).message}`);
        }
      },
    },
    subscribed ? "Stop notifications" : "Notify me",
  );
  replace(
    area,
    h("p", {}, subscribed ? "This device is notified when an agent needs you." : "Get a notification when an agent needs you."),
    button,
    message,
  );
}
