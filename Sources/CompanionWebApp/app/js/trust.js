// Which trust the connection to the workstation has (docs/phone.md, "Trust tiers"). A browser cannot pin the
// sidecar's key, so what the page can say is how the browser itself checked the connection.

/**
 * @typedef {{tier: "loopback" | "verified" | "unverified" | "insecure", title: string, detail: string,
 *   pushAvailable: boolean}} Trust
 */

/** True when this page was loaded from this machine's loopback. */
export function isLoopback() {
  const host = location.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

/**
 * The trust of this page, given whether its service worker could be registered (browsers refuse one on a
 * certificate error: then the certificate was accepted by hand, trust on first use).
 * @param {{serviceWorker: boolean, serviceWorkerError?: string}} facts
 * @returns {Trust}
 */
export function describe(facts) {
  if (!window.isSecureContext || !crypto.subtle) {
    return {
      tier: "insecure",
      title: "Not a secure connection",
      detail: "This page was not loaded over HTTPS, so the browser offers no key storage or signing: open the " +
        "https:// address the workstation shows.",
      pushAvailable: false,
    };
  }
  if (isLoopback()) {
    return {
      tier: "loopback",
      title: "On the workstation itself",
      detail: "Loaded over loopback: nothing leaves this machine.",
      pushAvailable: facts.serviceWorker,
    };
  }
  if (facts.serviceWorker) {
    return {
      tier: "verified",
      title: "Verified HTTPS",
      detail: "The browser checked the workstation's certificate (one the owner brought, e.g. tailscale cert). " +
        "Notifications and offline use are available.",
      pushAvailable: "PushManager" in window,
    };
  }
  return {
    tier: "unverified",
    title: "Self-signed certificate (trust on first use)",
    detail: "The browser could not verify the workstation's certificate and it was accepted by hand. Push " +
      "notifications and offline use are unavailable: browsers refuse service workers on certificate errors" +
      (facts.serviceWorkerError ? ` (${facts.serviceWorkerError})` : "") +
      ". For them, give the sidecar a certificate the phone trusts (docs/phone.md).",
    pushAvailable: false,
  };
}
