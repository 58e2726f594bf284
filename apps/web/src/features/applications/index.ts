// The applications feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { applicationQueryOptions, useApplication } from './api/get-application.ts';
export { useCreateApplication } from './api/create-application.ts';
export { accreditationStanding, CertificateActions } from './components/certificate-actions.tsx';
