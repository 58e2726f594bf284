// The account feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useUserImage } from './hooks/use-user-image.ts';
