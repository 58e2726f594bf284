// The account-security feature's public face (issue #21): what the rest of the app may import from it (eslint.config.js,
// feature boundaries). The step-up dialog is loaded by app/step-up-host.tsx with import(), so it stays its own chunk.
export { TwoStepSettings } from './components/two-step-settings.tsx';
