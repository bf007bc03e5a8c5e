// The verification code both sides show after a pairing (CompanionAPI's VerificationCode): SHA-256 of
// "COMPANIONKIT-VERIFY-V1" + device key + sidecar key (raw 32 bytes each), the first 100 bits in base32 without
// look-alikes, five groups of four: `K7QX-M2PA-9RTE-4WZC-HB3N`.
import { sha256, utf8 } from "./encoding.js";

const DOMAIN = "COMPANIONKIT-VERIFY-V1";
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * @param {Uint8Array} devicePublicKey
 * @param {Uint8Array} sidecarPublicKey
 * @returns {Promise<string>}
 */
export async function verificationCode(devicePublicKey, sidecarPublicKey) {
  const domain = utf8(DOMAIN);
  const input = new Uint8Array(domain.length + devicePublicKey.length + sidecarPublicKey.length);
  input.set(domain, 0);
  input.set(devicePublicKey, domain.length);
  input.set(sidecarPublicKey, domain.length + devicePublicKey.length);
  const digest = await sha256(input);
  let bits = 0;
  let buffer = 0;
  let characters = "";
  for (const byte of digest) {
    if (characters.length >= 20) break;
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && characters.length < 20) {
      bits -= 5;
      characters += ALPHABET[(buffer >> bits) & 31];
    }
  }
  return characters.match(/.{4}/g)?.join("-") ?? characters;
}
