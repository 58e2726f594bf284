// The branding feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { hasWelcome, PromoCards, WelcomeMessage } from './components/welcome-messaging.tsx';
