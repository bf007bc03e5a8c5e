// Web Push: subscribing this device (the sidecar's VAPID key, the subscription posted to the sidecar, which keeps
// it with the device and deletes it on revocation). The service worker (sw.js) shows what arrives.
import * as store from "./store.js";
import { fromBase64 } from "./encoding.js";

const SUBSCRIPTION = "pushSubscriptionId";

/**
 * Subscribes and registers the subscription with the sidecar; returns its id there.
 * @param {import("./api.js").Api} api
 * @param {ServiceWorkerRegistration} registration
 * @returns {Promise<string>}
 */
export async function subscribe(api, registration) {
  const { publicKey } = await api.get("/companion/push/vapid");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error("notifications are blocked for this page: allow them in the browser's site settings");
  }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromBase64(String(publicKey)),
  });
  const json = subscription.toJSON();
  const answer = await api.post("/companion/push/subscriptions", {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
  });
  await store.put(SUBSCRIPTION, String(answer.id));
  return String(answer.id);
}

/**
 * Unsubscribes (browser and sidecar).
 * @param {import("./api.js").Api} api
 * @param {ServiceWorkerRegistration} registration
 */
export async function unsubscribe(api, registration) {
  const id = await store.get(SUBSCRIPTION);
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) await subscription.unsubscribe();
  if (id) await api.delete(`/companion/push/subscriptions/${encodeURIComponent(id)}`);
  await store.remove(SUBSCRIPTION);
}

/**
 * True when this device has a subscription.
 * @returns {Promise<boolean>}
 */
export async function isSubscribed() {
  return Boolean(await store.get(SUBSCRIPTION));
}
