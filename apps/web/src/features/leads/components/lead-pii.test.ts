import { describe, expect, it } from 'vitest';
import { maskPii, PII_MASK, piiSecrets } from './lead-pii.tsx';

describe('maskPii', () => {
  const secrets = piiSecrets({
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    email: 'ada@lovelace.example',
    phone: '(404) 555-0123',
  });

  it('masks the full name whole, each name, the e-mail and the phone, in any case, deep inside a value', () => {
    expect(
      maskPii(
        {
          message: 'Grace invited Ada Lovelace (ADA@lovelace.example)',
          meta: { change: { old: { phone: '(404) 555-0123' }, new: { lastname: 'lovelace' } } },
          n: 3,
          refs: ['Ada'],
        },
        secrets,
      ),
    ).toEqual({
      message: `Grace invited ${PII_MASK} (${PII_MASK})`,
      meta: { change: { old: { phone: PII_MASK }, new: { lastname: PII_MASK } } },
      n: 3,
      refs: [PII_MASK],
    });
  });

  it('leaves everything as it is without secrets', () => {
    const value = { message: 'Ada' };
    expect(maskPii(value, [])).toBe(value);
  });
});
