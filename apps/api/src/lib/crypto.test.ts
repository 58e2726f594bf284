import { describe, expect, it } from 'vitest';
import { FieldCipher, maskSecret } from './crypto.ts';

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

  it('masks all but the last four digits', () => {
    expect(maskSecret('123-45-6789')).toBe('***-**-6789');
    expect(maskSecret('12-3456789')).toBe('**-***6789');
    expect(maskSecret('12')).toBe('12');
    expect(maskSecret(null)).toBeNull();
  });
});
