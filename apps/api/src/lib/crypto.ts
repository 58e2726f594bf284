import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** The id a key is known by in its ciphertexts: 8 characters of a hash of the derived key, never the key. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(deriveKey(secret)).digest('base64url').slice(0, 8);
}

const deriveKey = (secret: string) => createHash('sha256').update(secret).digest();

/** The key id a stored value was made with ('v1:<keyId>:…'), or null for text that is not FieldCipher output. */
export function ciphertextKeyId(stored: string): string | null {
  const [version, keyId] = stored.split(':');
  return version === 'v1' && keyId ? keyId : null;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** The shortest word search matches inside encrypted text (a two-digit word is too common to mean anything). */
export const SEARCH_TERM_MIN_CHARS = 2;
const SEARCH_TERM_MAX_CHARS = 64;
/** The most distinct words of one text that search finds (~17 bytes each as stored): a long book's vocabulary. */
export const SEARCH_TERMS_MAX = 20_000;

/**
 * Field encryption for classified PII (ssn, tin, ein, account and ID numbers): AES-256-GCM with a random IV.
 * Stored as 'v1:<keyId>:<iv>:<tag>:<ciphertext>' (base64url). It encrypts with the current key and decrypts with
 * whichever key made the value (the current one or a previous one, found by key id), so a key can be rotated
 * while old ciphertexts are still being re-encrypted (`npm run rotate-key`, lib/key-rotation.ts).
 */
export class FieldCipher {
  private readonly key: Buffer;
  private readonly keys: Map<string, Buffer>;
  /** The key of the search terms (searchTerms): derived from the current key, so a rotation moves them too. */
  private readonly termKey: Buffer;
  readonly keyId: string;

  constructor(secret: string, previous: readonly string[] = []) {
    this.key = deriveKey(secret);
    this.keyId = keyIdOf(secret);
    this.keys = new Map([...previous.map((p): [string, Buffer] => [keyIdOf(p), deriveKey(p)]), [this.keyId, this.key]]);
    this.termKey = createHmac('sha256', this.key).update('tessera search terms').digest();
  }

  /**
   * What lets encrypted text be searched without being decrypted: each distinct word (letters and digits, at least
   * SEARCH_TERM_MIN_CHARS, lowercased, NFKC) as HMAC-SHA256 under a key derived from the current key, 96 bits in
   * base64url, at most SEARCH_TERMS_MAX of them in the text's order. A search hashes its words the same way and
   * matches whole words. Without the key the terms show only which documents share a word, never the word.
   */
  searchTerms(text: string): string[] {
    // Each distinct word is hashed once: an HMAC costs ~5 µs, and a parsed PDF of 1 MB of text has ~100,000 words, so
    // hashing every occurrence held the event loop ~0.5 s per parse (bench `parse`).
    const words = new Set<string>();
    for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
      if (word.length < SEARCH_TERM_MIN_CHARS || word.length > SEARCH_TERM_MAX_CHARS) continue;
      words.add(word);
      if (words.size >= SEARCH_TERMS_MAX) break;
    }
    return [...words].map((word) => createHmac('sha256', this.termKey).update(word).digest('base64url').slice(0, 16));
  }

  /** The ids of every key this cipher can decrypt with, the current one first. */
  get keyIds(): string[] {
    return [this.keyId, ...[...this.keys.keys()].filter((id) => id !== this.keyId)];
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  decrypt(stored: string): string {
    const [version, keyId, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !keyId || !iv || !tag || data === undefined) throw new Error('unrecognised encrypted value');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`no encryption key with id ${keyId} is configured`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
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
