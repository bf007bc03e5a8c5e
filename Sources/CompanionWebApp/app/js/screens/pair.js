// Pairing: from a QR link (the invitation read from the fragment) or by hand (the 6-digit code the workstation
// shows). Shows the verification code to compare with the workstation's.
import { h, notice, replace } from "../dom.js";
import { defaultDeviceName, pair } from "../pairing.js";

/**
 * @param {HTMLElement} root
 * @param {{invitation: import("../pairing.js").Invitation | null, trust: import("../trust.js").Trust,
 *   onPaired: (device: import("../pairing.js").Device) => void, reason?: string}} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  const { invitation } = ctx;
  const status = h("div", { role: "status", "aria-live": "polite" });
  const name = /** @type {HTMLInputElement} */ (
    h("input", { id: "device-name", name: "device-name", type: "text", value: defaultDeviceName(), maxlength: 64,
      autocomplete: "off", required: true })
  );
  const code = /** @type {HTMLInputElement} */ (
    h("input", { id: "pairing-code", name: "pairing-code", type: "text", inputmode: "numeric", pattern: "[0-9]{6}",
      maxlength: 6, autocomplete: "one-time-code", required: true, value: invitation?.code ?? "" })
  );
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "submit" }, "Pair"));
  const form = h(
    "form",
    {
      class: "card",
      onsubmit: async (/** @type {Event} */ event) => {
        event.preventDefault();
        const digits = code.value.replace(/\s/g, "");
        if (!/^[0-9]{6}$/.test(digits)) {
          replace(status, notice("Enter the 6-digit code the workstation shows.", "error"));
          return;
        }
        button.disabled = true;
        replace(status, notice("Pairing…"));
        try {
          const chosen = invitation && invitation.code === digits ? invitation : { code: digits };
          const device = await pair(chosen, name.value.trim() || defaultDeviceName());
          showPaired(root, device, ctx.onPaired);
        } catch (error) {
          button.disabled = false;
          replace(status, notice(/** @type {Error} */ (error).message, "error"));
        }
      },
    },
    h("h2", {}, invitation ? `Pair with ${String(invitation.name ?? location.host)}` : "Pair with the workstation"),
    ctx.reason ? notice(ctx.reason, "warning") : null,
    h("p", { class: "muted" }, invitation
      ? "This page was opened from the workstation's QR code. Check the name below and pair."
      : "On the workstation run: companion sidecar pair — then enter the 6-digit code it shows."),
    h("label", { for: "device-name" }, "Name of this device"),
    name,
    h("label", { for: "pairing-code" }, "Pairing code"),
    code,
    button,
    status,
    h("p", { class: `trust trust-${ctx.trust.tier}`, "data-trust": ctx.trust.tier }, ctx.trust.title),
    h("p", { class: "muted" }, ctx.trust.detail),
  );
  root.append(form);
  if (invitation) code.readOnly = true;
  return () => {};
}

/**
 * @param {HTMLElement} root
 * @param {import("../pairing.js").Device} device
 * @param {(device: import("../pairing.js").Device) => void} onPaired
 */
function showPaired(root, device, onPaired) {
  replace(
    root,
    h(
      "section",
      { class: "card" },
      h("h2", {}, "Paired"),
      h("p", {}, `This device is paired as ${device.name}.`),
      device.verificationCode
        ? [
            h("p", {}, "Check that the workstation shows the same verification code:"),
            h("p", { class: "verification mono", id: "verification-code" }, device.verificationCode),
            h("p", { class: "muted" }, "If it does not, revoke this device on the workstation."),
          ]
        : notice("This workstation has no identity key: there is no verification code to compare.", "warning"),
      h("button", { type: "button", onclick: () => onPaired(device) }, "Continue"),
    ),
  );
}
