// The public face of the branding module: what other modules may import.
export { readBrandingImage } from './branding.service.ts';
