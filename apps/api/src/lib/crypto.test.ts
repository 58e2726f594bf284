import { describe, expect, it } from 'vitest';
import { ciphertextKeyId, FieldCipher, keyIdOf, maskSecret, SEARCH_TERMS_MAX } from './crypto.ts';

describe('field encryption', () => {
  it('round-trips, never stores the plain value and uses a fresh IV each time', () => {
    const cipher = new FieldCipher('k'.repeat(40));
    const a = cipher.encrypt('123-45-6789');
    const b = cipher.encrypt('123-45-6789');
    expect(a).not.toContain('123-45-6789');
    expect(a).not.toContain('123456789');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe('123-45-6789');
    expect(cipher.encryptNullable('')).toBeNull();
    expect(cipher.decryptNullable(null)).toBeNull();
  });

  it('refuses a value made with another key or tampered with', () => {
    const stored = new FieldCipher('a'.repeat(40)).encrypt('secret');
    expect(() => new FieldCipher('b'.repeat(40)).decrypt(stored)).toThrow();
    const parts = stored.split(':');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => new FieldCipher('a'.repeat(40)).decrypt(parts.join(':'))).toThrow();
  });

  it('decrypts with a previous key found by the id in the value, and encrypts with the current one only', () => {
    const old = new FieldCipher('o'.repeat(40));
    const stored = old.encrypt('000123456789');
    const ring = new FieldCipher('n'.repeat(40), ['o'.repeat(40)]);
    expect(ring.decrypt(stored)).toBe('000123456789');
    expect(ciphertextKeyId(ring.encrypt('x'))).toBe(keyIdOf('n'.repeat(40)));
    expect(ring.keyIds).toEqual([keyIdOf('n'.repeat(40)), keyIdOf('o'.repeat(40))]);
    expect(() => new FieldCipher('n'.repeat(40)).decrypt(stored)).toThrow(/no encryption key with id/);
  });

  it('reads values written before key rotation existed (same format and key id)', () => {
    const legacy = 'v1:IJczFFiK:7ZGqy5jfVd2gBAaA:vOj8JuybYTM91ONVRnlwMg:Ha6ThjbkihuMNK8';
    expect(new FieldCipher('legacy-key-'.padEnd(40, 'x')).decrypt(legacy)).toBe('123-45-6789');
  });

  it('masks all but the last four digits', () => {
    expect(maskSecret('123-45-6789')).toBe('***-**-6789');
    expect(maskSecret('12-3456789')).toBe('**-***6789');
    expect(maskSecret('12')).toBe('12');
    expect(maskSecret(null)).toBeNull();
  });

  it('hashes each distinct word once, in the order words first appear, as a search hashes its own', () => {
    const cipher = new FieldCipher('a'.repeat(48));
    const terms = cipher.searchTerms('Ledger ledger LEDGER, Ximenez 42 ledger x Ximenez');
    // 'x' is too short; repeats and case collapse to one term each.
    expect(terms).toHaveLength(3);
    expect(terms).toEqual([...cipher.searchTerms('ledger'), ...cipher.searchTerms('ximenez'), ...cipher.searchTerms('42')]);
    expect(new FieldCipher('b'.repeat(48)).searchTerms('ledger')).not.toEqual(cipher.searchTerms('ledger'));
  });

  it(`keeps at most ${SEARCH_TERMS_MAX} terms`, () => {
    const cipher = new FieldCipher('a'.repeat(48));
    const many = Array.from({ length: SEARCH_TERMS_MAX + 50 }, (_, i) => `w${i}`).join(' ');
    expect(cipher.searchTerms(many)).toHaveLength(SEARCH_TERMS_MAX);
  });
});
