// The contact feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { ContactEditor } from './components/contact-editor.tsx';
