// The billing feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { BillingPanel } from './components/billing-panel.tsx';
