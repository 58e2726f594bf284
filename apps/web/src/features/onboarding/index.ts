// The onboarding feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useCurrentUser } from './hooks/use-current-user.ts';
