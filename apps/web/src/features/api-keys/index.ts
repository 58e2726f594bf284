// The api-keys feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useApiKeys } from './api/list-api-keys.ts';
export { KEY_SHOWN_ONCE } from './components/api-key-created-dialog.tsx';
export { ApiKeysPanel } from './components/api-keys-panel.tsx';
export { DeveloperSections } from './components/developer-sections.tsx';
