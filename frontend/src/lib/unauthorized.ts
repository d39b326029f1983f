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

/**
 * Why a valid token was refused with 403 (docs/DESIGN.md §10): `roles`, the administrator's
 * roles do not give access to what the page asked (they changed while it was open); `password`,
 * an owner reset the password and it must be changed first.
 */
export type ForbiddenReason = 'roles' | 'password';

/** The server's 403 messages (backend/src/error.rs: NO_ROLE, PASSWORD_CHANGE_REQUIRED). */
export const forbiddenMessages: Record<ForbiddenReason, string> = {
  roles: 'Your roles do not give access to this section',
  password: 'Please change your password first',
};

let onForbidden: (reason: ForbiddenReason) => void = () => {};

/** The dashboard's shell says so in place (roles) or goes to the password change (password). */
export function setForbiddenHandler(handler: (reason: ForbiddenReason) => void) {
  onForbidden = handler;
  return () => {
    if (onForbidden === handler) onForbidden = () => {};
  };
}

export function notifyForbidden(reason: ForbiddenReason) {
  onForbidden(reason);
}
