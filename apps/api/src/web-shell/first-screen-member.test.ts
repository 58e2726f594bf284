import { runInNewContext } from 'node:vm';
import {
  DEFAULT_BRANDING,
  EARLY_GETS_GLOBAL,
  imageSrcSet,
  initials,
  INSTITUTION_DASHBOARD_IMAGE_SIZES,
  institutionDisplayName,
  userDisplayName,
  type TenantBootstrap,
} from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { institutionDashboardScreen } from './first-screen-raise.ts';
import { screenTheme } from './first-screen-theme.ts';
import { MEMBER_SCREEN_IDS, MEMBER_SCRIPT } from './first-screen-member.ts';

const HOUR = 3_600_000;

/** A tenant's bootstrap with the default branding, as the server reads it. */
const bootstrapFor = (tenantId: string): TenantBootstrap =>
  ({
    tenantId,
    tenantSlug: 'harbor',
    appType: 'platform',
    tenant: { _id: tenantId, name: 'Harbor', slug: 'harbor', branding: DEFAULT_BRANDING },
  }) as TenantBootstrap;

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
  /** The page's screen: the investor dashboard's unless told. */
  screenId?: string;
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

/** Runs MEMBER_SCRIPT in a page of its own with this storage: whether it showed the screen, and what it wrote. */
function run({ session: stored, appConfig, themeMode, mode = 'light', screenId = MEMBER_SCREEN_IDS.investorDashboard }: Stored) {
  const heading = { textContent: '' };
  const avatar = { textContent: '' };
  const screen = {
    id: screenId,
    className: 'fs fs-d',
    getAttribute: (name: string) => (name === 'data-mode' ? mode : null),
    querySelector: (selector: string) => (selector === 'h1' ? heading : selector === '.fs-d-avatar' ? avatar : null),
  };
  // Stored as the app writes them (JSON), or as written (Raw).
  const storage = (values: Record<string, unknown>) => ({
    getItem: (key: string) =>
      values[key] === undefined ? null : values[key] instanceof Raw ? values[key].text : JSON.stringify(values[key]),
  });
  runInNewContext(MEMBER_SCRIPT, {
    document: { getElementById: (id: string) => (id === screenId ? screen : null) },
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

describe("the lead list's first screen script", () => {
  const raise = (member: Record<string, unknown> = {}, preferences: Record<string, unknown> = {}) => ({
    preferences: { appMode: 'institution', institution: 'd4d4d4d4d4d4d4d4d4d4d4d4', themeMode: null, ...preferences },
    membershipStatus: 'active',
    rbac: { role: 'member', attributes: { 'institution:manage': true } },
    ...member,
  });
  const lead = (stored: Stored) => run({ ...stored, screenId: MEMBER_SCREEN_IDS.leadList });

  it('shows the screen, writing nothing, to a member the app keeps in Raise mode on a picked institution', () => {
    expect(lead({ session: session({ tenantMember: raise() }) })).toEqual({ shown: true, heading: '', initials: '' });
    // The tenant's owner without the flag, and a platform admin whatever the membership, may use Raise mode.
    expect(lead({ session: session({ tenantMember: raise({ rbac: { role: 'owner', attributes: {} } }) }) }).shown).toBe(true);
    const admin = { ...investor, role: 'admin' };
    expect(lead({ session: session({ tenantMember: raise({ membershipStatus: 'suspended', rbac: {} }) }, admin) }).shown).toBe(true);
    // Onboarding is the investor area's rule, not Raise mode's.
    expect(lead({ session: session({ tenantMember: raise() }, { ...investor, investOnboardingStage: 'about' }) }).shown).toBe(true);
  });

  it('leaves the screen hidden where the app sends the member elsewhere or draws other colours', () => {
    const hidden: Stored[] = [
      {},
      { session: session() },
      { session: session({ token: token(-1000), tenantMember: raise() }) },
      // Invest mode stored; Raise chosen in this tab only (the institution area reads the member's stored mode).
      { session: session({ tenantMember: raise({}, { appMode: 'investor' }) }) },
      { session: session({ tenantMember: raise({}, { appMode: null }) }), appConfig: { appMode: 'institution' } },
      // No institution picked: the app shows the list to pick from.
      { session: session({ tenantMember: raise({}, { institution: null }) }) },
      { session: session({ tenantMember: raise({}, { institution: '' }) }) },
      // Raise mode refused: no flag, not active, or no membership.
      { session: session({ tenantMember: raise({ rbac: { role: 'member', attributes: {} } }) }) },
      { session: session({ tenantMember: raise({ rbac: { role: 'member', attributes: { 'institution:manage': 'true' } } }) }) },
      { session: session({ tenantMember: raise({ membershipStatus: 'invited' }) }) },
      { session: session({ tenantMember: raise({ rbac: undefined }) }) },
      { session: session({ tenantMember: null }) },
      // A second factor to set up first; another light/dark choice.
      { session: session({ tenantMember: raise(), mfaSetupRequired: true }) },
      { session: session({ tenantMember: raise() }), themeMode: 'dark' },
      { session: session({ tenantMember: raise({}, { themeMode: 'dark' }) }) },
    ];
    for (const stored of hidden) expect(lead(stored).shown, JSON.stringify(stored)).toBe(false);
    expect(lead({ session: session({ tenantMember: raise({}, { themeMode: 'dark' }) }), mode: 'dark' }).shown).toBe(true);
  });

  it("shows the investor dashboard's screen to no one in Raise mode, and the lead list's to no one in Invest mode", () => {
    const member = session({ tenantMember: raise() });
    expect(run({ session: member }).shown).toBe(false);
    expect(lead({ session: member }).shown).toBe(true);
    expect(run({ session: session() }).shown).toBe(true);
    expect(lead({ session: session() }).shown).toBe(false);
  });
});

describe("the institution dashboard's first screen script", () => {
  const TENANT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
  const INSTITUTION = 'd4d4d4d4d4d4d4d4d4d4d4d4';
  const IMAGE = `/api/v1/tenant/${TENANT}/images/e5e5e5e5e5e5e5e5e5e5e5e5?exp=1&sig=abc`;
  const offersPath = `/api/v1/tenant/${TENANT}/offers?institution=${INSTITUTION}&limit=3`;
  const institutionPath = `/api/v1/tenant/${TENANT}/institutions/${INSTITUTION}`;
  const member = {
    preferences: { appMode: 'institution', institution: INSTITUTION, themeMode: null },
    membershipStatus: 'active',
    rbac: { role: 'owner', attributes: {} },
  };

  /** An element as far as the script uses one: its class, text, children and the <img> properties it sets. */
  interface Fake {
    tagName: string;
    className: string;
    textContent: string;
    children: Fake[];
    parentNode?: { removeChild(child: Fake): void };
    alt?: string;
    sizes?: string;
    srcset?: string;
    src?: string;
    appendChild(child: Fake): void;
  }
  const element = (tagName: string): Fake => {
    const fake: Fake = {
      tagName,
      className: '',
      children: [],
      get textContent() {
        return this.children.length ? this.children.map((child) => child.textContent).join('') : (text.get(this) ?? '');
      },
      set textContent(value: string) {
        this.children = [];
        text.set(this, value);
      },
      appendChild(child) {
        this.children.push(child);
      },
    };
    return fake;
  };
  const text = new WeakMap<Fake, string>();
  const find = (root: Fake, test: (e: Fake) => boolean): Fake[] =>
    root.children.flatMap((child) => [...(test(child) ? [child] : []), ...find(child, test)]);

  /**
   * The screen as the server writes it (its data attributes, three offer skeletons), run through MEMBER_SCRIPT with
   * this session and the early GETs' bodies as the early-gets script leaves them; resolves once the offers' answer has
   * been drawn: the screen's class and its slots.
   */
  async function page(stored: unknown, bodies: Record<string, unknown>) {
    const screen = institutionDashboardScreen(TENANT, screenTheme(bootstrapFor(TENANT), ''), 'light');
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(screen.body)?.[1]?.replace(/&amp;/g, '&') ?? null;
    /** The Offers card with its three skeletons; cloneNode gives a new one, as the DOM's would. */
    const section = () => {
      const grid = element('div');
      for (let i = 0; i < 3; i++) {
        const slot = element('div');
        slot.className = 'fs-i-slot fs-i-sk';
        slot.parentNode = { removeChild: (child) => (grid.children = grid.children.filter((c) => c !== child)) };
        grid.appendChild(slot);
      }
      return {
        grid,
        cloneNode: section,
        querySelectorAll: (selector: string) => (selector === '.fs-i-slot' ? [...grid.children] : []),
      };
    };
    let offers = section();
    const name = element('h2');
    const root = {
      id: MEMBER_SCREEN_IDS.institutionDashboard,
      className: 'fs fs-r',
      getAttribute: (attr: string) => (attr === 'data-mode' ? 'light' : attribute(attr)),
      querySelector: (selector: string) =>
        selector === '.fs-i-inst-name'
          ? name
          : selector === '.fs-i-offers'
            ? { ...offers, parentNode: { replaceChild: (next: typeof offers) => (offers = next) } }
            : null,
    };
    const answers = Object.fromEntries(Object.entries(bodies).map(([path, body]) => [path, Promise.resolve(body)]));
    runInNewContext(MEMBER_SCRIPT, {
      document: { getElementById: (id: string) => (id === root.id ? root : null), createElement: element },
      window: { [EARLY_GETS_GLOBAL]: { token: 't', gets: {}, json: answers } },
      localStorage: { getItem: (key: string) => (key === 'tessera.session' ? JSON.stringify(stored) : null) },
      sessionStorage: { getItem: () => null },
      atob,
      Promise,
    });
    await Promise.all(Object.values(answers));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { shown: root.className.split(' ').includes('fs-on'), slots: offers.grid.children, institution: name.textContent };
  }

  const img = (slot: Fake | undefined) => (slot ? find(slot, (e) => e.tagName === 'img')[0] : undefined);
  const byClass = (slot: Fake | undefined, name: string) => (slot ? find(slot, (e) => e.className.split(' ').includes(name)) : []);

  const offer = (name: string, extra: Record<string, unknown> = {}) => ({ _id: name, name, heroImageUrl: IMAGE, ...extra });

  it("draws the offers' images, with the app's copies, and their names and descriptions, once the early GET answers", async () => {
    const { shown, slots, institution } = await page(session({ tenantMember: member }), {
      [offersPath]: {
        data: [
          offer('Harbor <b>One</b>', { descriptionShort: 'Two lines\nat most' }),
          offer('No picture', { heroImageUrl: null }),
          offer('Elsewhere', { heroImageUrl: 'https://evil.example/x.png' }),
        ],
        meta: { total: 7 },
      },
    });
    expect(shown).toBe(true);
    expect(slots.map((slot) => slot.className)).toEqual(Array(3).fill('fs-i-slot fs-card fs-i-card'));
    // No institution answer: the card's skeleton keeps its one line.
    expect(institution).toBe('');
    expect(img(slots[0])).toMatchObject({
      src: IMAGE,
      srcset: imageSrcSet(IMAGE),
      sizes: INSTITUTION_DASHBOARD_IMAGE_SIZES,
      alt: '',
      className: 'fs-i-img',
    });
    // Text as text (textContent); only the API's own images.
    expect(slots.map((slot) => byClass(slot, 'fs-i-title')[0]?.textContent)).toEqual(['Harbor <b>One</b>', 'No picture', 'Elsewhere']);
    expect(byClass(slots[0], 'fs-i-desc')[0]?.textContent).toBe('Two lines\nat most');
    expect(byClass(slots[1], 'fs-i-desc')).toEqual([]);
    for (const slot of slots.slice(1)) {
      expect(img(slot)).toBeUndefined();
      expect(byClass(slot, 'fs-i-noimg')).toHaveLength(1);
    }
  });

  it("sizes the institution card's skeleton with its name, as institutionDisplayName names it, with or without offers", async () => {
    for (const [body, expected] of [
      [{ _id: INSTITUTION, name: '  Harbor <i>Capital</i> ', slug: 'harbor' }, 'Harbor <i>Capital</i>'],
      [{ _id: INSTITUTION, name: '-', slug: 'harbor-capital' }, 'harbor-capital'],
      [{ _id: INSTITUTION, name: null, slug: ' ' }, INSTITUTION],
    ] as const) {
      expect(institutionDisplayName(body)).toBe(expected);
      const withOffers = await page(session({ tenantMember: member }), {
        [offersPath]: { data: [offer('One')], meta: { total: 1 } },
        [institutionPath]: { data: body },
      });
      expect(withOffers.institution).toBe(expected);
      const without = await page(session({ tenantMember: member }), {
        [offersPath]: { data: [], meta: { total: 0 } },
        [institutionPath]: { data: body },
      });
      expect(without.institution).toBe(expected);
    }
  });

  it('removes the skeletons past a shorter list, and draws nothing for an empty list, a refusal or none', async () => {
    const one = await page(session({ tenantMember: member }), { [offersPath]: { data: [offer('Only')], meta: { total: 1 } } });
    expect(one.slots.map((slot) => byClass(slot, 'fs-i-title')[0]?.textContent)).toEqual(['Only']);
    for (const bodies of [{ [offersPath]: { data: [], meta: { total: 0 } } }, { [offersPath]: null }, {}]) {
      const { shown, slots } = await page(session({ tenantMember: member }), bodies);
      expect(shown, JSON.stringify(bodies)).toBe(true);
      expect(slots.map((slot) => slot.className)).toEqual(Array(3).fill('fs-i-slot fs-i-sk'));
    }
    // Another institution's answer is not this page's.
    const other = await page(session({ tenantMember: member }), {
      [offersPath.replace(INSTITUTION, 'f6f6f6f6f6f6f6f6f6f6f6f6')]: { data: [offer('Other')], meta: { total: 1 } },
    });
    expect(other.slots.map((slot) => slot.className)).toEqual(Array(3).fill('fs-i-slot fs-i-sk'));
  });

  it('stays hidden, drawing nothing, for a member the app does not keep in Raise mode', async () => {
    const { shown, slots } = await page(
      session({ tenantMember: { ...member, preferences: { ...member.preferences, appMode: 'investor' } } }),
      { [offersPath]: { data: [offer('Hidden')], meta: { total: 1 } } },
    );
    expect(shown).toBe(false);
    expect(slots.map((slot) => slot.className)).toEqual(Array(3).fill('fs-i-slot fs-i-sk'));
  });
});
