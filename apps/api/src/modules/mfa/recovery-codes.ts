import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tessera/domain';

/**
 * One-time recovery codes: RECOVERY_CODE_COUNT codes of 12 base32 characters (60 random bits each, far above ASVS
 * 6.5.4's 20), shown as 'XXXX-XXXX-XXXX'. Only their SHA-256 is stored: the codes are random, so a fast hash leaves
 * nothing to guess (ASVS 6.5.2 asks for a salt only for low-entropy secrets).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function newCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** The code as typed, reduced to what counts: no dashes or spaces, upper case. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
