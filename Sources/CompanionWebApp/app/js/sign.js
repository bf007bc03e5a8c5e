// Signed requests, exactly the CLI's canonical form (CompanionAPI's CanonicalRequest; SECURITY.md, "Signed
// requests"; checked against TestVectors/auth by Tests/Browser/test_sign_vectors.py):
//
//   COMPANIONKIT-REQUEST-V1\n<METHOD>\n<path?query as sent>\n<device id>\n<timestamp ms>\n<nonce>\n<sha256(body) hex>
import { base64, base64url, hex, sha256, utf8 } from "./encoding.js";

export const DOMAIN = "COMPANIONKIT-REQUEST-V1";

/**
 * @typedef {{method: string, pathAndQuery: string, deviceID: string, timestampMillis: number, nonce: string,
 *   body: Uint8Array}} CanonicalFields
 * @typedef {{deviceID: string, sign: (bytes: Uint8Array) => Promise<Uint8Array>}} Signer
 */

/**
 * The method in ASCII upper case only (as the Swift side: no Unicode case mapping).
 * @param {string} method
 */
export function upperASCII(method) {
  return method.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32));
}

/**
 * The canonical text of a request.
 * @param {CanonicalFields} fields
 * @returns {Promise<string>}
 */
export async function canonicalText(fields) {
  const bodyHash = hex(await sha256(fields.body));
  return [
    DOMAIN,
    upperASCII(fields.method),
    fields.pathAndQuery,
    fields.deviceID,
    String(fields.timestampMillis),
    fields.nonce,
    bodyHash,
  ].join("\n");
}

/** A fresh nonce: 18 random bytes, base64url (144 bits, as the CLI's). */
export function nonce() {
  return base64url(crypto.getRandomValues(new Uint8Array(18)));
}

/**
 * The four authentication headers for a request.
 * @param {Signer} signer
 * @param {string} method
 * @param {string} pathAndQuery exactly as it goes on the request line
 * @param {Uint8Array} body
 * @param {{now?: number, nonce?: string}} [fixed] fixed time and nonce (tests only)
 * @returns {Promise<{[name: string]: string}>}
 */
export async function signedHeaders(signer, method, pathAndQuery, body, fixed = {}) {
  const timestampMillis = Math.floor(fixed.now ?? Date.now());
  const chosenNonce = fixed.nonce ?? nonce();
  const text = await canonicalText({
    method,
    pathAndQuery,
    deviceID: signer.deviceID,
    timestampMillis,
    nonce: chosenNonce,
    body,
  });
  const signature = await signer.sign(utf8(text));
  return {
    "X-Companion-Device": signer.deviceID,
    "X-Companion-Timestamp": String(timestampMillis),
    "X-Companion-Nonce": chosenNonce,
    "X-Companion-Signature": base64(signature),
  };
}

/**
 * The WebSocket subprotocols that carry a signed upgrade (a browser cannot set headers on one): the sidecar's
 * BrowserSignedUpgrade turns them back into the four headers.
 * @param {Signer} signer
 * @param {string} pathAndQuery
 * @returns {Promise<string[]>}
 */
export async function signedProtocols(signer, pathAndQuery) {
  const headers = await signedHeaders(signer, "GET", pathAndQuery, new Uint8Array());
  const signature = headers["X-Companion-Signature"].replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return [
    "companionkit.sign",
    `ck.d.${headers["X-Companion-Device"]}`,
    `ck.t.${headers["X-Companion-Timestamp"]}`,
    `ck.n.${headers["X-Companion-Nonce"]}`,
    `ck.s.${signature}`,
  ];
}
