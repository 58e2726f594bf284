// The public face of the api-keys module: what the rest of the API may import. Everything else here is private.
export { verifyApiKey } from './api-keys.service.ts';
