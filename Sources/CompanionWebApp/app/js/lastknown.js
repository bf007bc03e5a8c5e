// The last-known state of each screen (localStorage, this origin only): shown, marked stale, when the
// workstation cannot be reached. Holds what the device was already shown, never a key.

const PREFIX = "companionkit.lastKnown.";

/**
 * Remembers `value` (JSON) with the time it was seen.
 * @param {string} key
 * @param {any} value
 */
export function remember(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ at: Date.now(), value }));
  } catch {
    // storage full or disabled: nothing to show offline then
  }
}

/**
 * The remembered value and when it was seen, or null.
 * @param {string} key
 * @returns {{at: number, value: any} | null}
 */
export function recall(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Forgets everything remembered (disconnect, revocation). */
export function forgetAll() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}
