import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Field encryption for classified PII (ssn, tin, ein, account numbers): AES-256-GCM with a random IV.
 * Stored as 'v1:<keyId>:<iv>:<tag>:<ciphertext>' (base64url), so the key can be rotated later.
 */
export class FieldCipher {
  private readonly key: Buffer;
  readonly keyId: string;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
    this.keyId = createHash('sha256').update(this.key).digest('base64url').slice(0, 8);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  decrypt(stored: string): string {
    const [version, , iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unrecognised encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  encryptNullable(plain: string | null | undefined): string | null {
    return plain === null || plain === undefined || plain === '' ? null : this.encrypt(plain);
  }

  decryptNullable(stored: string | null | undefined): string | null {
    return stored ? this.decrypt(stored) : null;
  }
}

/** '123-45-6789' → '***-**-6789': every digit but the last four is hidden; separators stay. */
export function maskSecret(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '').length;
  let seen = 0;
  return value.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}
