/**
 * The web app's keys in the browser's storage (apps/web lib/storage.ts). The API's inline scripts read the session and
 * the light/dark choice before the app has loaded (apps/api web-shell/first-screen-member.ts, early-gets.ts), so both
 * sides name them from here.
 */
export const STORAGE_KEYS = {
  /** localStorage: the signed-in session (token, user, tenant member). */
  session: 'tessera.session',
  /** sessionStorage: app config such as the app mode (§9). */
  appConfig: 'tessera.app-config',
  /** localStorage: the light/dark choice made with the top-bar toggle. */
  themeMode: 'tessera.theme-mode',
  /** localStorage: whether the lead page hides a lead's name, e-mail and phone (the PII toggle). */
  leadPiiHidden: 'tessera.lead-pii-hidden',
} as const;
