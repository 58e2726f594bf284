import { describe, expect, it } from 'vitest';
import { ciphertextKeyId, FieldCipher, keyIdOf, maskSecret } from './crypto.ts';

describe('field encryption', () => {
  it('round-trips, never stores the plain value and uses a fresh IV each time', () => {
    const cipher = new FieldCipher('k'.repeat(40));
    const a = cipher.encrypt('123-45-6789');
    const b = cipher.encrypt('123-45-6789');
    expect(a).not.toContain('6789');
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
});
