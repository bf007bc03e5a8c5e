// Pairing this browser (v1 exchange: the code and, from a QR link, its token; see docs/phone.md for why not v2):
// the key is made here (keys.js, non-extractable), only its public half is sent, the sidecar's signed answer is
// checked (its identity fingerprint against the QR's, its signature over this device's key), and the device is
// stored (IndexedDB) with the verification code both sides show.
import * as keys from "./keys.js";
import * as store from "./store.js";
import { base64, fingerprint, fromBase64, utf8 } from "./encoding.js";
import { verificationCode } from "./verification.js";

const DEVICE = "device";

/**
 * @typedef {{id: string, name: string, scopes: string[], fingerprint: string, publicKey: string,
 *   sidecarPublicKey: string | null, sidecarFingerprint: string | null, workstation: string,
 *   verificationCode: string | null, pairedAt: number}} Device
 * @typedef {{code: string, token?: string, name?: string, fingerprint?: string, tlsPin?: string,
 *   expiresAt?: string, url?: string}} Invitation
 */

/**
 * The invitation in a pairing link's fragment (`#pair=1.<code>.<token>.<expires>.<version>.<fingerprint>.<pin>.<name>`,
 * CompanionAPI's QRPayload+Link), or null. The fragment is wiped from the address bar and history at once
 * (`history.replaceState`): it holds the pairing secret, and nothing should keep it once read.
 * @returns {Invitation | null}
 */
export function takeInvitationFromFragment() {
  if (!location.hash.startsWith("#pair=")) return null;
  const fragment = location.hash.slice("#pair=".length);
  history.replaceState(null, "", location.pathname + location.search);
  return parseInvitation(fragment);
}

/**
 * Parses the fields of a `#pair=` fragment; null when malformed.
 * @param {string} fragment
 * @returns {Invitation | null}
 */
export function parseInvitation(fragment) {
  const fields = fragment.split(".");
  if (fields.length !== 8 || fields[0] !== "1") return null;
  const [, code, token, expires, , fingerprintDigest, , name] = fields;
  if (!/^[0-9]{6}$/.test(code) || !/^[A-Za-z0-9_-]{22,128}$/.test(token) || !/^[0-9]+$/.test(expires)) return null;
  let decodedName = location.host;
  try {
    decodedName = decodeURIComponent(name);
  } catch {
    // keep the host
  }
  return {
    code,
    token,
    name: decodedName,
    expiresAt: new Date(Number(expires) * 1000).toISOString(),
    fingerprint: fingerprintDigest ? "SHA256:" + base64(fromBase64(fingerprintDigest)).replace(/=+$/, "") : undefined,
  };
}

/**
 * The paired device, or null.
 * @returns {Promise<Device | null>}
 */
export async function loadDevice() {
  return (await store.get(DEVICE)) ?? null;
}

/**
 * Forgets the device and its key (after a disconnect or a revocation).
 */
export async function forgetDevice() {
  await store.remove(DEVICE);
  await keys.forget();
}

/** A pairing that failed, with what to do next. */
export class PairingError extends Error {}

/**
 * Pairs with the sidecar that served this page.
 * @param {Invitation} invitation
 * @param {string} deviceName
 * @returns {Promise<Device>}
 */
export async function pair(invitation, deviceName) {
  const key = await keys.generate();
  const body = {
    pairingCode: invitation.code,
    pairingToken: invitation.token ?? null,
    deviceName,
    devicePublicKey: key.publicKeyBase64,
  };
  let response;
  try {
    response = await fetch("/companion/pairing/complete", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      credentials: "omit",
      redirect: "error",
    });
  } catch {
    throw new PairingError("the workstation cannot be reached: check the address and that the sidecar runs");
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    // handled below
  }
  if (!response.ok || !answer || answer.connected !== true || !answer.connectedDevice) {
    const message = answer?.error?.message ?? `the workstation answered ${response.status}`;
    throw new PairingError(`pairing refused: ${message}. Start a new pairing on the workstation and try again`);
  }
  const deviceID = String(answer.connectedDevice.id);
  const deviceKey = fromBase64(key.publicKeyBase64);
  /** @type {string | null} */
  let code = null;
  /** @type {string | null} */
  let sidecarFingerprint = null;
  const proof = answer.sidecar;
  if (proof) {
    const sidecarKey = fromBase64(String(proof.publicKey));
    sidecarFingerprint = await fingerprint(sidecarKey);
    if (invitation.fingerprint && invitation.fingerprint.replace(/=+$/, "") !== sidecarFingerprint) {
      await keys.forget();
      throw new PairingError("the workstation's identity does not match the QR code: do not use this pairing");
    }
    const signed = utf8(["COMPANIONKIT-PAIRED-V1", deviceID, key.publicKeyBase64, String(proof.publicKey)].join("\n"));
    const verifyKey = await crypto.subtle.importKey("raw", sidecarKey, { name: "Ed25519" }, false, ["verify"]);
    const valid = await crypto.subtle.verify({ name: "Ed25519" }, verifyKey, fromBase64(String(proof.signature)), signed);
    if (!valid) {
      await keys.forget();
      throw new PairingError("the workstation's pairing answer is not signed by its identity key: pairing refused");
    }
    code = await verificationCode(deviceKey, sidecarKey);
  } else if (invitation.fingerprint) {
    await keys.forget();
    throw new PairingError("the workstation did not prove its identity: pairing refused");
  }
  /** @type {Device} */
  const device = {
    id: deviceID,
    name: String(answer.connectedDevice.name ?? deviceName),
    scopes: [],
    fingerprint: await fingerprint(deviceKey),
    publicKey: key.publicKeyBase64,
    sidecarPublicKey: proof ? String(proof.publicKey) : null,
    sidecarFingerprint,
    workstation: String(invitation.name ?? location.host),
    verificationCode: code,
    pairedAt: Date.now(),
  };
  await store.put(DEVICE, device);
  return device;
}

/**
 * Stores a changed device record (its scopes, read after pairing).
 * @param {Device} device
 */
export async function saveDevice(device) {
  await store.put(DEVICE, device);
}

/** A default device name from the browser. */
export function defaultDeviceName() {
  const platform = /Android/i.test(navigator.userAgent)
    ? "Android"
    : /iPhone|iPad/i.test(navigator.userAgent)
      ? "iPhone"
      : "browser";
  return `phone (${platform})`;
}

export { base64 };
