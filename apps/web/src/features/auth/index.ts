// The auth feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useAuthRequestContext } from './api/auth-request-context.ts';
export { AUTH_PATHS } from './auth-paths.ts';
export { SessionCountdown } from './components/session-countdown.tsx';
export { FormError } from './components/form-error.tsx';
