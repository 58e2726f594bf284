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
});
