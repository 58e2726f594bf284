import { isPromoLink } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database.ts';

describe('migrations', () => {
  it('give tenants created before branding messaging the default messaging', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      await database.migrate();
      // A tenant row as the first release wrote it, then the backfill migration run again (it is idempotent).
      await database.db.execute(
        sql`insert into tenants (id, slug, name, branding) values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'old', 'Old', '{"theme": {}, "images": []}'::jsonb)`,
      );
      await database.db.execute(
        sql.raw((await import('node:fs')).readFileSync(new URL('../drizzle/0003_branding_messaging.sql', import.meta.url), 'utf8')),
      );
      const rows = await database.db.execute(sql`select branding->'messaging'->>'welcomeTitle' as title from tenants where slug = 'old'`);
      expect((rows as unknown as { rows: { title: string }[] }).rows[0]?.title).toBe('Welcome');
    } finally {
      await database.drop();
    }
  });

  it('give tenants that chose TT Chocolates (never shipped) Roboto, the font they were shown, and leave other fonts', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      await database.migrate();
      await database.db.execute(
        sql`insert into tenants (id, slug, name, branding) values
          ('bbbbbbbbbbbbbbbbbbbbbbbb', 'choc', 'Choc', '{"theme": {"fontFamily": "TT Chocolates", "borderRadius": 8}, "images": []}'::jsonb),
          ('cccccccccccccccccccccccc', 'inter', 'Inter', '{"theme": {"fontFamily": "Inter"}, "images": []}'::jsonb)`,
      );
      await database.db.execute(
        sql.raw((await import('node:fs')).readFileSync(new URL('../drizzle/0011_shipped_fonts.sql', import.meta.url), 'utf8')),
      );
      const rows = await database.db.execute(
        sql`select slug, branding->'theme' as theme from tenants where slug in ('choc', 'inter') order by slug`,
      );
      expect((rows as unknown as { rows: { slug: string; theme: object }[] }).rows).toEqual([
        { slug: 'choc', theme: { fontFamily: 'Roboto', borderRadius: 8 } },
        { slug: 'inter', theme: { fontFamily: 'Inter' } },
      ]);
    } finally {
      await database.drop();
    }
  });

  it('mend promo links that the narrowed rule refuses the way browsers read them, and drop what cannot be mended', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      await database.migrate();
      const button = (url: string) => ({ label: 'Go', url });
      const cards = [
        {
          _id: 'a'.repeat(24),
          title: 'Loans',
          body: '',
          hidden: false,
          buttons: [button('//evil.example/x'), button(' /offers ')],
        },
        {
          _id: 'b'.repeat(24),
          title: 'More',
          body: '',
          hidden: true,
          buttons: [button('/\\host.example/y'), button('http://plain.example/z')],
        },
        {
          _id: 'c'.repeat(24),
          title: 'Contact',
          body: '',
          hidden: false,
          buttons: [button('javascript:alert(1)'), button('mailto:ir@acme.example?subject=Hi')],
        },
      ];
      const branding = { theme: {}, images: [], messaging: { welcomeTitle: 'W', welcomeText: '', promoCards: cards } };
      await database.db.execute(
        sql`insert into tenants (id, slug, name, branding) values ('dddddddddddddddddddddddd', 'links', 'Links', ${JSON.stringify(branding)}::jsonb),
          ('eeeeeeeeeeeeeeeeeeeeeeee', 'none', 'None', '{"theme": {}, "images": []}'::jsonb)`,
      );
      const migration = (await import('node:fs')).readFileSync(new URL('../drizzle/0021_harden_rules.sql', import.meta.url), 'utf8');
      const update = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "tenants"'))!;
      // Twice: it is idempotent.
      await database.db.execute(sql.raw(update));
      await database.db.execute(sql.raw(update));
      const rows = (await database.db.execute(
        sql`select slug, branding from tenants where slug in ('links', 'none') order by slug`,
      )) as unknown as {
        rows: { slug: string; branding: { messaging?: { promoCards: { buttons: { url: string }[] }[] } } }[];
      };
      const links = rows.rows[0]!.branding.messaging!.promoCards.map((c) => c.buttons.map((b) => b.url));
      expect(links).toEqual([
        ['https://evil.example/x', '/offers'],
        ['https://host.example/y', 'https://plain.example/z'],
        ['mailto:ir@acme.example?subject=Hi'],
      ]);
      for (const url of links.flat()) expect(isPromoLink(url), url).toBe(true);
      expect(rows.rows[1]!.branding).toEqual({ theme: {}, images: [] });
    } finally {
      await database.drop();
    }
  });
});
