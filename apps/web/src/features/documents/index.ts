// The documents feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { uploadDocument } from './api/upload-document.ts';
export { useGrantDocumentAccess } from './api/document-access.ts';
export { downloadDocument, useDownloadDocument } from './api/download-document.ts';
