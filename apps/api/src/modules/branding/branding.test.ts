import { DEFAULT_BRANDING, PROMO_LINK_ERROR, type BrandingMessaging, type BrandingTheme } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart, PNG } from '../documents/documents.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const theme = (over: Partial<BrandingTheme> = {}): BrandingTheme => ({
  ...DEFAULT_BRANDING.theme,
  light: { ...DEFAULT_BRANDING.theme.light, primary: '#AA3300' },
  fontFamily: 'Montserrat',
  borderRadius: 12,
  ...over,
});
const put = (who: SignedUp | null, path: string, payload: unknown, slug = 'acme') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/${path}`,
    headers: { host: hostOf(slug), ...(who ? bearer(who.token) : {}) },
    payload: payload as object,
  });
const publicView = (slug: string) => t.app.inject({ method: 'GET', url: `/api/v1/tenant/${slug}/public`, headers: { host: hostOf(slug) } });
const uploadMedia = (
  who: SignedUp,
  fields: Record<string, string>,
  file: { name: string; data: Buffer } | null,
  slug = 'acme',
  id = t.tenants[slug as 'acme'].id,
) => {
  const body = multipart(fields, file ? [file] : []);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/${id}/branding/media`,
    headers: { host: hostOf(slug), ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};
const events = async (_who?: SignedUp) => {
  const { timelineEvents } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  return t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, t.tenants.acme.id));
};

describe('branding theme', () => {
  it('lets an owner save the whole theme, records old and new, and the public view shows it at once', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    // Warm the tenant cache so a stale entry would show.
    expect((await publicView('acme')).json().data.branding.theme.fontFamily).toBe('Roboto');
    const res = await put(owner, `${t.tenants.acme.id}/branding/theme`, theme());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.branding.theme).toEqual(theme());
    const fresh = await publicView('acme');
    // Browsers ask again on every page load, so no tab keeps the old branding.
    expect(fresh.headers['cache-control']).toBe('no-cache');
    const view = fresh.json().data;
    expect(view.branding.theme.light.primary).toBe('#AA3300');
    expect(view.branding.theme.fontFamily).toBe('Montserrat');
    // A host request (which reads the cached tenant) sees it too.
    const again = await put(owner, `${t.tenants.acme.id}/branding/theme`, theme({ borderRadius: 0 }));
    expect(again.json().data.branding.theme.borderRadius).toBe(0);

    const recorded = (await events(owner)).filter((e) => e.message === 'Branding theme updated');
    expect(recorded).toHaveLength(2);
    expect(recorded.map((e) => e.meta.change)).toContainEqual({
      light: { old: DEFAULT_BRANDING.theme.light, new: theme().light },
      fontFamily: { old: 'Roboto', new: 'Montserrat' },
      borderRadius: { old: 4, new: 12 },
    });
    expect(recorded[0]!.entityType).toBe('tenant');
    expect(recorded[0]!.userId).toBe(owner.user._id);
    // Others' tenants are untouched.
    expect((await publicView('globex')).json().data.branding.theme.fontFamily).toBe('Roboto');
  });

  it('refuses members, investors and the signed-out (403/401), and another tenant (404)', async () => {
    const member = await signUp(t.app, 'acme', { role: 'member' });
    const investor = await signUp(t.app, 'acme', { role: 'investor' });
    expect((await put(member, `${t.tenants.acme.id}/branding/theme`, theme())).statusCode).toBe(403);
    expect((await put(investor, `${t.tenants.acme.id}/branding/theme`, theme())).statusCode).toBe(403);
    expect((await put(null, `${t.tenants.acme.id}/branding/theme`, theme())).statusCode).toBe(401);
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    // An owner of acme naming globex's id on acme's address, and globex's owner on globex naming acme.
    expect((await put(owner, `${t.tenants.globex.id}/branding/theme`, theme())).statusCode).toBe(404);
    const globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
    expect((await put(globexOwner, `${t.tenants.acme.id}/branding/theme`, theme(), 'globex')).statusCode).toBe(404);
    expect((await publicView('globex')).json().data.branding.theme.light.primary).toBe(DEFAULT_BRANDING.theme.light.primary);
  });

  it('lets a platform admin change it', async () => {
    const admin = await signUp(t.app, 'acme', { admin: true });
    expect((await put(admin, `${t.tenants.acme.id}/branding/theme`, theme({ defaultMode: 'dark' }))).statusCode).toBe(200);
  });

  it('refuses bad colours, unknown fonts and radii out of range, naming the field, with nothing written', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const before = (await publicView('acme')).json().data.branding.theme;
    const cases: [unknown, string][] = [
      [{ ...theme(), light: { ...theme().light, primary: 'red' } }, 'body.light.primary: Colour must be a hex value like #1A3A65'],
      [{ ...theme(), dark: { ...theme().dark, background: '#12345' } }, 'body.dark.background'],
      [{ ...theme(), fontFamily: 'Comic Sans' }, 'body.fontFamily'],
      [{ ...theme(), borderRadius: 33 }, 'body.borderRadius'],
      [{ ...theme(), borderRadius: -1 }, 'body.borderRadius'],
      [{ ...theme(), defaultMode: 'sepia' }, 'body.defaultMode'],
    ];
    for (const [body, field] of cases) {
      const res = await put(owner, `${t.tenants.acme.id}/branding/theme`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
    expect((await publicView('acme')).json().data.branding.theme).toEqual(before);
  });
});

describe('branding messaging', () => {
  const messaging: BrandingMessaging = {
    welcomeTitle: 'Welcome to Acme',
    welcomeText: 'Private deals, verified once.',
    promoCards: [
      {
        _id: 'a'.repeat(24),
        title: 'Finish your passport',
        body: 'It takes five minutes.',
        buttons: [{ label: 'Open', url: '/user/passport' }],
        hidden: false,
      },
      { _id: 'b'.repeat(24), title: 'Hidden card', body: '', buttons: [], hidden: true },
    ],
  };

  it('saves the welcome text and promo cards for owners only, with an event', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const res = await put(owner, `${t.tenants.acme.id}/branding/messaging`, messaging);
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicView('acme')).json().data.branding.messaging).toEqual(messaging);
    const [event] = (await events(owner)).filter((e) => e.message === 'Branding messaging updated');
    expect(event!.meta.change).toMatchObject({ welcomeTitle: { old: 'Welcome', new: 'Welcome to Acme' } });
    const member = await signUp(t.app, 'acme', { role: 'member' });
    expect((await put(member, `${t.tenants.acme.id}/branding/messaging`, messaging)).statusCode).toBe(403);
  });

  it('refuses more than six cards, more than two buttons and bad links', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const card = messaging.promoCards[0]!;
    const seven = { ...messaging, promoCards: Array.from({ length: 7 }, (_, i) => ({ ...card, _id: String(i).repeat(24) })) };
    expect((await put(owner, `${t.tenants.acme.id}/branding/messaging`, seven)).json().error.message).toContain(
      'body.promoCards: At most six promo cards',
    );
    const buttons = { ...messaging, promoCards: [{ ...card, buttons: [card.buttons[0], card.buttons[0], card.buttons[0]] }] };
    expect((await put(owner, `${t.tenants.acme.id}/branding/messaging`, buttons)).json().error.message).toContain(
      'body.promoCards.0.buttons',
    );
    const before = (await publicView('acme')).json().data.branding.messaging;
    // Another site posing as a path (issue #21 finding 6): browsers open '//evil.example/x' and '/\\evil.example/x' there.
    for (const url of ['javascript:alert(1)', '//evil.example/x', '/\\evil.example/x', '/\t/evil.example', 'http://plain.example']) {
      const link = { ...messaging, promoCards: [{ ...card, buttons: [{ label: 'Go', url }] }] };
      const res = await put(owner, `${t.tenants.acme.id}/branding/messaging`, link);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toContain(`body.promoCards.0.buttons.0.url: ${PROMO_LINK_ERROR}`);
    }
    expect((await publicView('acme')).json().data.branding.messaging).toEqual(before);
  });
});

describe('branding media', () => {
  it('uploads an image per type, serves it publicly with a long cache, and replaces the previous file', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const first = await uploadMedia(owner, { type: 'logo-light' }, { name: 'logo.png', data: PNG });
    expect(first.statusCode, first.body).toBe(200);
    const image = first.json().data.branding.images.find((i: { type: string }) => i.type === 'logo-light');
    expect(image.url).toBe(`/api/v1/tenant/${t.tenants.acme.id}/branding/media/${image._id}`);
    expect(t.storage.keys()).toContain(`branding/${t.tenants.acme.id}/logo-light-${image._id}`);

    // No sign-in needed, by id or slug, on the tenant's own address (issue #16: `{t}` is the tenant of the address).
    for (const url of [image.url, `/api/v1/tenant/acme/branding/media/${image._id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: hostOf('globex') } })).statusCode).toBe(404);
      const got = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') } });
      expect(got.statusCode).toBe(200);
      expect(got.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(got.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await publicView('acme')).json().data.branding.images).toContainEqual(image);

    const second = await uploadMedia(owner, { type: 'logo-light' }, { name: 'logo2.png', data: PNG });
    const replaced = second.json().data.branding.images.filter((i: { type: string }) => i.type === 'logo-light');
    expect(replaced).toHaveLength(1);
    expect(replaced[0]._id).not.toBe(image._id);
    expect(t.storage.keys()).not.toContain(`branding/${t.tenants.acme.id}/logo-light-${image._id}`);
    expect((await t.app.inject({ method: 'GET', url: image.url, headers: { host: hostOf('acme') } })).statusCode).toBe(404);
    // Another tenant's image id is not served under this tenant.
    const onGlobex = {
      method: 'GET',
      url: `/api/v1/tenant/globex/branding/media/${replaced[0]._id}`,
      headers: { host: hostOf('globex') },
    } as const;
    expect((await t.app.inject(onGlobex)).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tenant/${t.tenants.acme.id}/branding/media/logo-light`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await publicView('acme')).json().data.branding.images.some((i: { type: string }) => i.type === 'logo-light')).toBe(false);
    expect(t.storage.keys().some((k) => k.startsWith(`branding/${t.tenants.acme.id}/logo-light-`))).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tenant/${t.tenants.acme.id}/branding/media/logo-light`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
    });
    expect(again.statusCode).toBe(404);
    const recorded = (await events(owner)).filter((e) => e.message.startsWith('Branding image'));
    expect(recorded.map((e) => e.type)).toEqual(expect.arrayContaining(['upload', 'update']));
  });

  it('refuses a wrong type, a non-image, a renamed file, members and another tenant, storing nothing', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const stored = t.storage.keys().length;
    const badType = await uploadMedia(owner, { type: 'poster' }, { name: 'logo.png', data: PNG });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toContain('body.type');
    expect((await uploadMedia(owner, {}, { name: 'logo.png', data: PNG })).json().error.message).toContain('body.type');
    const pdf = await uploadMedia(owner, { type: 'icon' }, { name: 'doc.pdf', data: makePdf('x') });
    expect(pdf.json().error.message).toBe('Files ending in .pdf are not accepted here. Upload one of: png, jpg, jpeg, gif, webp.');
    expect((await uploadMedia(owner, { type: 'icon' }, { name: 'icon.gif', data: PNG })).statusCode).toBe(400);
    expect((await uploadMedia(owner, { type: 'icon' }, null)).json().error.message).toBe('file: attach a file');
    const member = await signUp(t.app, 'acme', { role: 'member' });
    expect((await uploadMedia(member, { type: 'icon' }, { name: 'icon.png', data: PNG })).statusCode).toBe(403);
    expect((await uploadMedia(owner, { type: 'icon' }, { name: 'icon.png', data: PNG }, 'acme', t.tenants.globex.id)).statusCode).toBe(404);
    expect(t.storage.keys()).toHaveLength(stored);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tenant/${t.tenants.acme.id}/branding/media/poster`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
