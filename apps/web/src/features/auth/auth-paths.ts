/** The auth routes of §2: the top bar hides its Sign In button on them. */
export const AUTH_PATHS = ['/signin', '/signup', '/invite-accept', '/password-reset/request', '/password-reset/confirm'];
