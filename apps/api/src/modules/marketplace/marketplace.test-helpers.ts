import { blankOfferClass, type OfferClass } from '@tessera/domain';
import { documents, images, institutions, offers } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, insertInstitution } from '../../../test/factories.ts';

/** Approved, published and visible: on the marketplace. */
export const LISTED = { approvalStatus: 'approved' as const, published: true, visibilityStatus: 'visible' as const };
export const DAY_MS = 86_400_000;
/** The magic bytes of a PNG are all the image route looks at. */
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

export function offerClass(values: Partial<OfferClass> & Pick<OfferClass, 'minimumInvestment'>): OfferClass {
  return blankOfferClass({ id: newId(), name: 'Class', ...values });
}

/** Rows written straight to the database (the marketplace reads what other modules write). */
export function marketplaceFactories(t: TestApp) {
  return {
    createInstitution(tenantId: string, name: string, values: Partial<typeof institutions.$inferInsert> = {}): Promise<string> {
      return insertInstitution(t.app, tenantId, name, { type: 'fund', ...values });
    },
    async createOffer(values: Partial<typeof offers.$inferInsert> & { tenantId: string; institutionId: string }): Promise<string> {
      const id = newId();
      await t.app.db.insert(offers).values({ id, name: `Offer ${id.slice(-4)}`, slug: `offer-${id.slice(-8)}`, ...values });
      return id;
    },
    async storeImage(tenantId: string): Promise<string> {
      const id = newId();
      const storageKey = `images/${tenantId}/${id}`;
      await t.storage.put(storageKey, PNG, 'image/png');
      await t.app.db.insert(images).values({ tenantId, id, mimeType: 'image/png', size: PNG.length, storageKey, uploadedBy: newId() });
      return id;
    },
    async storeDocument(tenantId: string, name: string, text: string): Promise<string> {
      const id = newId();
      const data = Buffer.from(text, 'utf8');
      const storageKey = `documents/${tenantId}/${id}`;
      await t.storage.put(storageKey, data, 'text/plain');
      await t.app.db.insert(documents).values({
        tenantId,
        id,
        name,
        type: 'OTHER',
        entityType: 'OFFER',
        mimeType: 'text/plain',
        size: data.length,
        storageKey,
        originalName: `${name} ä.txt`,
        uploadedBy: newId(),
      });
      return id;
    },
    /** GET /api/v1/tenant/{slug}/marketplace/{path} on the slug's host. */
    get(path: string, opts: { slug?: string; token?: string } = {}) {
      const slug = opts.slug ?? 'acme';
      return t.app.inject({
        method: 'GET',
        url: `/api/v1/tenant/${slug}/marketplace/${path}`,
        headers: { host: hostOf(slug), ...(opts.token ? bearer(opts.token) : {}) },
      });
    },
  };
}
