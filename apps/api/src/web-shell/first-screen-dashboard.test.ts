import { runInNewContext } from 'node:vm';
import { initials, userDisplayName } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_SCREEN_ID, DASHBOARD_SCRIPT } from './first-screen-dashboard.ts';

const HOUR = 3_600_000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token as the API signs them, as far as the script reads one: its payload's exp. The claim forces - and _ in it. */
const token = (expiresInMs: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ exp: Math.floor((Date.now() + expiresInMs) / 1000), pad: '??>>~~' })}.c2ln`;

/** A stored value that is not JSON. */
class Raw {
  constructor(readonly text: string) {}
}

interface Stored {
  session?: unknown;
  appConfig?: unknown;
  themeMode?: unknown;
  /** The tenant's default mode, written on the screen. */
  mode?: 'light' | 'dark';
}

const investor = { _id: 'b2b2b2b2b2b2b2b2b2b2b2b2', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' };
const session = (overrides: Record<string, unknown> = {}, user: Record<string, unknown> = investor) => ({
  token: token(HOUR),
  refreshToken: 'r',
  user,
  tenantMember: { preferences: { appMode: null, themeMode: null } },
  mfaSetupRequired: false,
  ...overrides,
});

/** Runs DASHBOARD_SCRIPT in a page of its own with this storage: whether it showed the screen, and what it wrote. */
function run({ session: stored, appConfig, themeMode, mode = 'light' }: Stored) {
  const heading = { textContent: '' };
  const avatar = { textContent: '' };
  const screen = {
    className: 'fs fs-d',
    getAttribute: (name: string) => (name === 'data-mode' ? mode : null),
    querySelector: (selector: string) => (selector === 'h1' ? heading : selector === '.fs-d-avatar' ? avatar : null),
  };
  // Stored as the app writes them (JSON), or as written (Raw).
  const storage = (values: Record<string, unknown>) => ({
    getItem: (key: string) =>
      values[key] === undefined ? null : values[key] instanceof Raw ? values[key].text : JSON.stringify(values[key]),
  });
  runInNewContext(DASHBOARD_SCRIPT, {
    document: { getElementById: (id: string) => (id === DASHBOARD_SCREEN_ID ? screen : null) },
    localStorage: storage({ 'tessera.session': stored, 'tessera.theme-mode': themeMode }),
    sessionStorage: storage({ 'tessera.app-config': appConfig }),
    atob,
  });
  return { shown: screen.className.split(' ').includes('fs-on'), heading: heading.textContent, initials: avatar.textContent };
}

describe("the investor dashboard's first screen script", () => {
  it("shows the screen with the member's name and initials for a stored session the app takes", () => {
    expect(run({ session: session() })).toEqual({ shown: true, heading: 'Welcome, Ada Lovelace', initials: 'AL' });
    // Onboarding complete, or never started (an investor the tenant added), shows the dashboard.
    expect(run({ session: session({}, { ...investor, investOnboardingStage: 'complete' }) }).shown).toBe(true);
    expect(run({ session: session({}, { ...investor, investOnboardingStage: null }) }).shown).toBe(true);
  });

  it('names the member as userDisplayName and initials do, for every kind of name', () => {
    const parts = [
      undefined,
      null,
      '',
      ' ',
      '-',
      '- -',
      ' - ',
      'Ada',
      ' Ada ',
      'ada',
      'Émile',
      'de la Cruz',
      '李',
      '😀x',
      '𝒜da Ñ',
      'a\tb',
      "O'Brien",
    ];
    let seed = 20261129;
    const pick = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return parts[seed % parts.length];
    };
    for (let i = 0; i < 400; i++) {
      const user = {
        _id: i % 7 === 0 ? undefined : `c3c3c3c3c3c3c3c3c3c3c3${String(i % 100).padStart(2, '0')}`,
        displayname: pick(),
        firstname: pick(),
        lastname: pick(),
        email: pick(),
      };
      const name = userDisplayName(user);
      expect(run({ session: session({}, user) }), JSON.stringify(user)).toEqual({
        shown: true,
        heading: `Welcome, ${name}`,
        initials: initials(name),
      });
    }
  });

  it('leaves the screen hidden where the app will not show this dashboard in these colours', () => {
    const hidden = [
      {},
      { session: new Raw('not json') },
      { session: { token: 'x', user: investor } },
      { session: session({ token: token(-1000) }) },
      { session: session({ token: 'a.b.c' }) },
      { session: session({ user: null }) },
      // Raise mode, stored for the member or chosen in this tab.
      { session: session({ tenantMember: { preferences: { appMode: 'institution' } } }) },
      { session: session(), appConfig: { appMode: 'institution' } },
      // A second factor to set up first; onboarding to finish first.
      { session: session({ mfaSetupRequired: true }) },
      { session: session({}, { ...investor, investOnboardingStage: 'questionnaire' }) },
      // Another light/dark choice on this device or in the member's preferences.
      { session: session(), themeMode: 'dark' },
      { session: session({ tenantMember: { preferences: { themeMode: 'dark' } } }) },
      { session: session(), themeMode: 'light', mode: 'dark' as const },
    ];
    for (const stored of hidden) expect(run(stored).shown, JSON.stringify(stored)).toBe(false);
    // This device's choice wins over the member's preference, as in the app.
    expect(run({ session: session({ tenantMember: { preferences: { themeMode: 'dark' } } }), themeMode: 'light' }).shown).toBe(true);
    expect(run({ session: session(), themeMode: 'dark', mode: 'dark' }).shown).toBe(true);
    // The investor's own tab choice does not hide it.
    expect(run({ session: session(), appConfig: { appMode: 'investor' } }).shown).toBe(true);
  });
});
