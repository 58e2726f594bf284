import type { VerifyIdentityDocument } from './identity-provider.ts';

/**
 * The built-in verifier (being written on branch h-idv-engine for #18): reads a passport's MRZ by OCR and a US
 * driving licence's PDF417 barcode, then checks them against what the person typed and their passport profile.
 */
export const verifyIdentityDocument: VerifyIdentityDocument = async () => {
  throw new Error('The built-in identity verifier is not merged yet');
};

/** Stops the verifier's worker threads (called when the app closes). */
export async function closeIdentityVerifier(): Promise<void> {}
