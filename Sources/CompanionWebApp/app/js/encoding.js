// Byte encodings: base64 (standard, with padding), base64url (no padding), lowercase hex, UTF-8.

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function base64(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function base64url(bytes) {
  return base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Decodes base64 or base64url, padded or not.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function fromBase64(text) {
  let standard = text.replace(/-/g, "+").replace(/_/g, "/");
  while (standard.length % 4 !== 0) standard += "=";
  const binary = atob(standard);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} text
 * @returns {Uint8Array}
 */
export function utf8(text) {
  return new TextEncoder().encode(text);
}

/**
 * SHA-256 of `bytes`.
 * @param {Uint8Array} bytes
 * @returns {Promise<Uint8Array>}
 */
export async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * The `SHA256:<base64 without padding>` fingerprint of a raw public key, as `ssh-keygen -l` and the CLI print it.
 * @param {Uint8Array} publicKey
 * @returns {Promise<string>}
 */
export async function fingerprint(publicKey) {
  return "SHA256:" + base64(await sha256(publicKey)).replace(/=+$/, "");
}
