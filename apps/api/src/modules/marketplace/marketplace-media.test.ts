import type { MarketplaceDocumentFile, MarketplaceOffer } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { headerSize } from '../../lib/image-variants/image-variant-task.ts';
import { gradientPng } from '../../lib/image-variants/image-variants.test-helpers.ts';
import { LISTED, marketplaceFactories, PNG } from './marketplace.test-helpers.ts';

let t: TestApp;
let f: ReturnType<typeof marketplaceFactories>;
let acme: string;
let fund: string;
let offer: string;
let shown: string;
let hiddenDoc: string;
let unlistedDoc: string;
const images = { offerShown: '', offerHidden: '', unlisted: '', logo: '', institutionHidden: '', loose: '', foreign: '' };

beforeAll(async () => {
  t = await buildTestApp();
  f = marketplaceFactories(t);
  acme = t.tenants.acme.id;
  for (const key of Object.keys(images) as (keyof typeof images)[])
    images[key] = await f.storeImage(key === 'foreign' ? t.tenants.globex.id : acme);
  fund = await f.createInstitution(acme, 'Harbor Fund', {
    images: [
      { id: 'logo', image: images.logo, position: 0, hidden: false, purpose: 'logo' },
      { id: 'old', image: images.institutionHidden, position: 1, hidden: true, purpose: 'banner' },
    ],
  });
  shown = await f.storeDocument(acme, 'Operating agreement', 'The operating agreement');
  hiddenDoc = await f.storeDocument(acme, 'Draft', 'secret draft');
  const second = await f.storeDocument(acme, 'Subscription agreement', 'Subscribe here');
  unlistedDoc = await f.storeDocument(acme, 'Other offer', 'not on the marketplace');
  offer = await f.createOffer({
    tenantId: acme,
    institutionId: fund,
    ...LISTED,
    slug: 'harbor-docs',
    documents: [
      { document: second, type: 'subscription-agreement', position: 2, hidden: false },
      { document: hiddenDoc, type: 'other', position: 0, hidden: true },
      { document: shown, type: 'operating-agreement', position: 1, hidden: false },
    ],
    images: [
      { id: 'p', image: images.offerShown, position: 1, hidden: false, purpose: 'primary', url: `/api/v1/image/${images.offerShown}` },
      { id: 'h', image: images.offerHidden, position: 0, hidden: true, purpose: 'banner' },
      { id: 'x', image: images.foreign, position: 2, hidden: false, purpose: 'gallery', url: 'https://cdn.example.com/pic.png' },
    ],
  });
  await f.createOffer({
    tenantId: acme,
    institutionId: fund,
    approvalStatus: 'approved',
    published: false,
    visibilityStatus: 'visible',
    documents: [{ document: unlistedDoc, type: 'other', position: 0, hidden: false }],
    images: [{ id: 'u', image: images.unlisted, position: 0, hidden: false, purpose: 'primary' }],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET tenant/{t}/marketplace/offers/{idOrSlug}: media', () => {
  it('gives visible images a public src (an external url as is), the banner and the public logo', async () => {
    const res = await f.get(`offers/${offer}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MarketplaceOffer;
    const path = (id: string) => `/api/v1/tenant/${acme}/marketplace/images/${id}`;
    expect(data.images.map((i) => i.src)).toEqual([path(images.offerShown), 'https://cdn.example.com/pic.png']);
    expect(JSON.stringify(data)).not.toContain('/api/v1/image/');
    expect(data.bannerUrl).toBe(path(images.offerShown));
    expect(data.institution.logoUrl).toBe(path(images.logo));
    expect(data.documents.map((d) => d._id)).toEqual([shown, data.documents[1]!._id]);
  });
});

describe('GET tenant/{t}/marketplace/offers/{id}/documents', () => {
  it('lists the visible documents by position with view and download addresses', async () => {
    const res = await f.get(`offers/${offer}/documents`);
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json().data as MarketplaceDocumentFile[];
    expect(docs.map((d) => d.name)).toEqual(['Operating agreement', 'Subscription agreement']);
    const url = `/api/v1/tenant/${acme}/marketplace/offers/${offer}/documents/${shown}/file`;
    expect(docs[0]).toEqual({
      _id: shown,
      name: 'Operating agreement',
      originalName: 'Operating agreement ä.txt',
      mimeType: 'text/plain',
      size: 23,
      url,
      downloadUrl: `${url}?download=true`,
    });
    expect((await f.get('offers/harbor-docs/documents')).json().data).toHaveLength(2);
  });

  it('serves one document, and its bytes inline or as an attachment, with public caching and nosniff', async () => {
    expect((await f.get(`offers/${offer}/documents/${shown}`)).json().data).toMatchObject({ _id: shown, mimeType: 'text/plain' });
    const inline = await f.get(`offers/${offer}/documents/${shown}/file`);
    expect(inline.statusCode).toBe(200);
    expect(inline.body).toBe('The operating agreement');
    expect(inline.headers).toMatchObject({
      'content-type': expect.stringContaining('text/plain'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=300',
      'content-disposition': expect.stringMatching(
        /^inline; filename="Operating agreement _.txt"; filename\*=UTF-8''Operating%20agreement%20%C3%A4.txt$/,
      ),
    });
    const download = await f.get(`offers/harbor-docs/documents/${shown}/file?download=true`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Operating agreement _.txt"/);
  });

  it('is 404 for a hidden document, a document of an unlisted offer or of no offer, and for other tenants', async () => {
    for (const path of [
      `offers/${offer}/documents/${hiddenDoc}`,
      `offers/${offer}/documents/${hiddenDoc}/file`,
      `offers/${offer}/documents/${unlistedDoc}`,
      `offers/${offer}/documents/${unlistedDoc}/file?download=true`,
    ]) {
      const res = await f.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.status).toBe(404);
    }
    expect((await f.get(`offers/${offer}/documents`, { slug: 'globex' })).statusCode).toBe(404);
    expect((await f.get(`offers/${offer}/documents/${shown}/file`, { slug: 'globex' })).statusCode).toBe(404);
    expect((await f.get(`offers/${offer}/documents/not-an-id`)).statusCode).toBe(400);
  });
});

describe('GET tenant/{t}/marketplace/images/{imageId}', () => {
  it('serves a visible image of a listed offer or of an institution to anyone, cacheable and sniffed', async () => {
    for (const id of [images.offerShown, images.logo]) {
      const res = await f.get(`images/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': expect.stringMatching(/^public, .*immutable/),
      });
    }
  });

  it('serves a visible image narrowed to a width as WebP, and refuses a width not offered', async () => {
    const id = await f.storeImage(acme);
    await t.storage.put(`images/${acme}/${id}`, gradientPng(1400, 700), 'image/png');
    await f.createInstitution(acme, 'Wide Logo Partners', {
      images: [{ id: 'logo', image: id, position: 0, hidden: false, purpose: 'logo' }],
    });
    const res = await f.get(`images/${id}?w=320`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': expect.stringMatching(/^public, .*immutable/) });
    expect(headerSize(res.rawPayload)).toEqual({ width: 320, height: 160 });
    const refused = await f.get(`images/${id}?w=321`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('w must be one of 320, 640, 960, 1280');
    // A hidden image stays hidden at every width.
    expect((await f.get(`images/${images.offerHidden}?w=320`)).statusCode).toBe(404);
  });

  it('refuses hidden items, images of unlisted offers, images shown nowhere and other tenants', async () => {
    for (const id of [images.offerHidden, images.institutionHidden, images.unlisted, images.loose, images.foreign]) {
      expect((await f.get(`images/${id}`)).statusCode, id).toBe(404);
    }
    expect((await f.get(`images/${images.logo}`, { slug: 'globex' })).statusCode).toBe(404);
  });
});
