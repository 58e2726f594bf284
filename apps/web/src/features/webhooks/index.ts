// The webhooks feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { WebhooksPanel } from './components/webhooks-panel.tsx';
