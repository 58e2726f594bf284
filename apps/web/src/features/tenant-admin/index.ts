// The tenant-admin feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useTenantSettingsOutlet } from './components/tenant-settings-page.tsx';
