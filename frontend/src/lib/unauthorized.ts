/**
 * What happens when the server refuses the administrator's token: by default a full-page visit
 * to /login (docs/SPECIFICATION.md §6); the site shell replaces it with a client-side navigation. Kept apart from
 * the API client so that the shell does not pull the client into the first screen's code.
 */
let onUnauthorized: () => void = () => window.location.assign('/login');

/** The router replaces the default full-page redirect with a client-side navigation. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function notifyUnauthorized() {
  onUnauthorized();
}
