// The certificate-verification feature's public face: the public pages that check an accreditation letter's code
// and a signed subscription agreement's seal.
export { VerifyCertificatePage } from './components/verify-certificate-page.tsx';
export { VerifySignaturePage } from './components/verify-signature-page.tsx';
