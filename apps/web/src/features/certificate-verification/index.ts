// The certificate-verification feature's public face: the public page that checks an accreditation letter's code.
export { VerifyCertificatePage } from './components/verify-certificate-page.tsx';
