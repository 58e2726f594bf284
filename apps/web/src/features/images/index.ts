// The images feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useImageUrl } from './api/get-image.ts';
export { uploadImage } from './api/upload-image.ts';
export { MediaEditor } from './components/media-editor.tsx';
