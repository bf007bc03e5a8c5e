// The device's Ed25519 key: made with WebCrypto as non-extractable (no script, this app's included, can read the
// private key's bytes: it can only ask the browser to sign with it), kept in IndexedDB as a CryptoKey handle.
import * as store from "./store.js";
import { base64 } from "./encoding.js";

const KEY = "deviceKey";

/**
 * @typedef {{privateKey: CryptoKey, publicKey: CryptoKey, publicKeyBase64: string}} DeviceKey
 */

/**
 * Makes a new key pair (replacing any stored one) and stores it.
 * @returns {Promise<DeviceKey>}
 */
export async function generate() {
  const pair = /** @type {CryptoKeyPair} */ (
    await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])
  );
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const key = { privateKey: pair.privateKey, publicKey: pair.publicKey, publicKeyBase64: base64(raw) };
  await store.put(KEY, key);
  return key;
}

/**
 * The stored key, or null before pairing.
 * @returns {Promise<DeviceKey | null>}
 */
export async function load() {
  const key = await store.get(KEY);
  return key && key.privateKey ? key : null;
}

/** Forgets the key (after a revocation or a disconnect). */
export async function forget() {
  await store.remove(KEY);
}

/**
 * Signs `bytes` with the device key.
 * @param {DeviceKey} key
 * @param {Uint8Array} bytes
 * @returns {Promise<Uint8Array>}
 */
export async function sign(key, bytes) {
  return new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key.privateKey, bytes));
}
