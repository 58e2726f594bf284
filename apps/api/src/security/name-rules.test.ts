import { invisibleCharactersError } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { hostOf, type TestApp } from '../../test/build-test-app.ts';
import { callerOf, signUp, uniqueEmail, useTestApp } from '../../test/factories.ts';

/**
 * Names of people refuse invisible characters (issue #21 finding 6): a right-to-left override or a zero-width space
 * makes one name look like another ('Ad\u200Bmin' shows as 'Admin'). The same rule as file names (lib/uploads.ts).
 */
let t: TestApp;
useTestApp(async (app) => {
  t = app;
});
const call = callerOf(() => t.app);

describe('names of people', () => {
  it('sign-up refuses a name with a text-direction or zero-width character, saying which field and why', async () => {
    for (const [field, value] of [
      ['firstname', 'Ad\u202Emin'],
      ['lastname', 'Us\u200Ber'],
      ['firstname', '\u2066Eve\u2069'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { host: hostOf('acme') },
        payload: {
          email: uniqueEmail('bidi'),
          password: 'lantern-orchard-41',
          firstname: 'Ada',
          lastname: 'Byron',
          acceptDisclosures: true,
          [field]: value,
        },
      });
      expect(res.statusCode, value).toBe(400);
      const label = field === 'firstname' ? 'First name' : 'Last name';
      expect(res.json().error.message).toBe(`body.${field}: ${invisibleCharactersError(label)}`);
    }
  });

  it('the account page refuses them in every name, and keeps the stored ones', async () => {
    const user = await signUp(t.app, 'acme', { firstname: 'Grace', lastname: 'Hopper' });
    for (const [field, label] of [
      ['firstname', 'First name'],
      ['middlename', 'Middle name'],
      ['lastname', 'Last name'],
      ['displayname', 'Display name'],
    ] as const) {
      const res = await call(user, 'PUT', `user/${user.user._id}`, { [field]: 'Gr\u200Dace' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe(`body.${field}: ${invisibleCharactersError(label)}`);
    }
    const me = (await call(user, 'GET', `user/${user.user._id}`)).json().data;
    expect([me.firstname, me.lastname]).toEqual(['Grace', 'Hopper']);
    // Names in every script, and the joiner Persian writes between letters, stay welcome.
    const persian = await call(user, 'PUT', `user/${user.user._id}`, { firstname: 'مهر\u200Cناز', lastname: 'Nguyễn' });
    expect(persian.statusCode, persian.body).toBe(200);
    expect(persian.json().data).toMatchObject({ firstname: 'مهر\u200Cناز', lastname: 'Nguyễn' });
  });
});
