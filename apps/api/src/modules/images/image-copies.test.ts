import { IMAGE_WIDTHS, MARKETPLACE_LOGO_COPY_WIDTH } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givePlan } from '../../../test/billing.ts';
import { bearer, insertInstitution, signUp, type SignedUp } from '../../../test/factories.ts';
import { gradientPng } from '../../lib/image-variants/image-variants.test-helpers.ts';
import { uploadImage as uploadImageAs } from '../documents/documents.test-helpers.ts';

// The copies the marketplace's images are drawn from (lib/image-variants) are made once the answer that attaches the
// image to an offer or an institution is out, not on the first visitors' asks.
let t: TestApp;
let owner: SignedUp;
let fund: string;
const BANNER = gradientPng(1400, 100);
/** Four copies of an image take a second or more in the worker pool on a busy two-core machine. */
const POLL = { timeout: 20_000, interval: 50 };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  fund = await insertInstitution(t.app, t.tenants.acme.id, 'Copies Fund');
  await givePlan(t.app, t.tenants.acme.id, fund);
});
afterAll(async () => {
  await t?.close();
});

const uploadImage = (app = t.app) => uploadImageAs(app, owner, BANNER);

const put = (path: string, payload: object, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/${t.tenants.acme.id}/${path}`,
    headers: { host: owner.host, ...bearer(owner.token) },
    payload,
  });

/** The widths of the copies kept for an image, in order. */
const copiesOf = (image: string) =>
  t.storage
    .keys()
    .filter((key) => key.startsWith(`images/${t.tenants.acme.id}/${image}-w`))
    .map((key) => Number(key.split('-w')[1]))
    .sort((a, b) => a - b);

async function createOffer(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tenant/${t.tenants.acme.id}/offers`,
    headers: { host: owner.host, ...bearer(owner.token) },
    payload: { name: 'Copies Harbour', slug: `copies-harbour-${Date.now().toString(36)}`, institution: fund },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe('copies of the images an offer or institution shows', () => {
  it("are made for an offer's shown images at every srcset width once the answer is out, none for a hidden one", async () => {
    const offer = await createOffer();
    const [shown, hidden] = [await uploadImage(), await uploadImage()];
    const res = await put(`offers/${offer}/images`, {
      images: [
        { id: 'p', image: shown, position: 0, purpose: 'primary' },
        { id: 'h', image: hidden, position: 1, purpose: 'gallery', hidden: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => copiesOf(shown), POLL).toEqual([...IMAGE_WIDTHS]);
    expect(copiesOf(hidden)).toEqual([]);

    // The copy the marketplace then sends is the one made: a 640 px WebP.
    const signed = (res.json().data.images as { url: string }[])[0]!.url;
    const copy = await t.app.inject({ method: 'GET', url: `${signed}&w=640`, headers: { host: owner.host } });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
  });

  it("are made for an institution's logo at its one width and for its banner at every width", async () => {
    const [logo, banner] = [await uploadImage(), await uploadImage()];
    const res = await put(`institutions/${fund}/images`, {
      images: [
        { id: 'l', image: logo, position: 0, purpose: 'logo', hidden: false },
        { id: 'b', image: banner, position: 1, purpose: 'banner', hidden: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => copiesOf(banner), POLL).toEqual([...IMAGE_WIDTHS]);
    await expect.poll(() => copiesOf(logo), POLL).toEqual([MARKETPLACE_LOGO_COPY_WIDTH]);
  });

  it('are made before the app has closed, when it closes right after the answer', async () => {
    const node = await buildTestApp({}, { storage: t.storage, sameDatabaseAs: t });
    const offer = await createOffer();
    const image = await uploadImage(node.app);
    const res = await put(`offers/${offer}/images`, { images: [{ id: 'p', image, position: 0, purpose: 'primary' }] }, node.app);
    expect(res.statusCode, res.body).toBe(200);
    await node.close();
    expect(copiesOf(image)).toEqual([...IMAGE_WIDTHS]);
  });

  it('are not made when the change is refused', async () => {
    const node = await buildTestApp({}, { storage: t.storage, sameDatabaseAs: t });
    const offer = await createOffer();
    const image = await uploadImage(node.app);
    const res = await put(
      `offers/${offer}/images`,
      {
        images: [
          { id: 'p', image, position: 0, purpose: 'primary' },
          { id: 'x', image: 'not-an-id', position: 1 },
        ],
      },
      node.app,
    );
    expect(res.statusCode).toBe(400);
    // Closing waits for any work after a reply.
    await node.close();
    expect(copiesOf(image)).toEqual([]);
  });
});
