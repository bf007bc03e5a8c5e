// Hash routes: `#/attention`, `#/attention/<id>`, `#/agents`, `#/claude`, `#/tasks/<id>`, `#/workstation`.
// The fragment never reaches the server; `#pair=…` (a pairing link) is not a route and is read by pairing.js.

/**
 * @typedef {{name: string, params: string[], path: string}} Route
 */

/**
 * The route of a fragment: the first segment names the screen, the rest are its parameters (percent-decoded).
 * @param {string} hash e.g. `#/tasks/t_1`
 * @param {string} fallback the screen of an empty fragment
 * @returns {Route}
 */
export function parse(hash, fallback) {
  const path = hash.replace(/^#\/?/, "");
  const segments = path.split("/").filter((segment) => segment !== "");
  const [name, ...params] = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  return { name: name || fallback, params, path: "/" + segments.join("/") };
}

/**
 * The fragment of a route, each part percent-encoded.
 * @param {string} name
 * @param {...string} params
 */
export function href(name, ...params) {
  return "#/" + [name, ...params].map((part) => encodeURIComponent(part)).join("/");
}

/**
 * Calls `onRoute` now and on every change of the fragment; returns a function that stops listening.
 * @param {(route: Route) => void} onRoute
 * @param {string} fallback
 */
export function start(onRoute, fallback) {
  const listener = () => {
    if (location.hash.startsWith("#pair=")) return;
    onRoute(parse(location.hash, fallback));
  };
  window.addEventListener("hashchange", listener);
  listener();
  return () => window.removeEventListener("hashchange", listener);
}

/**
 * Goes to a screen (pushes a history entry).
 * @param {string} name
 * @param {...string} params
 */
export function navigate(name, ...params) {
  location.hash = href(name, ...params);
}
