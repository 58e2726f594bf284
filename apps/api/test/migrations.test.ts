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
});
