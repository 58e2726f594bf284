import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';

/** Rows deleted per statement: short transactions, so ingestion never waits long behind retention. */
const RETENTION_BATCH = 5_000;
/** How often each node looks for expired events. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes raw analytics events older than `retentionDays` before `now`, oldest first, in batches (#25); the rollups
 * keep their counts. Several nodes may run it at once: rows another node is deleting are skipped (SKIP LOCKED).
 * Returns how many rows it deleted.
 */
export async function deleteExpiredAnalytics(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await withCrossTenant('analytics retention: raw events past ANALYTICS_RETENTION_DAYS, every organization', async () => {
      const result = await db.execute(sql`delete from analytics_events where (tenant_id, id) in (
        select tenant_id, id from analytics_events where created_at < ${cutoff}
        order by created_at limit ${RETENTION_BATCH} for update skip locked)`);
      return (
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    });
    total += deleted;
    if (deleted < RETENTION_BATCH) return total;
  }
}

/** Runs the retention once a minute after start, then hourly, on every node; stops with the app. */
export function registerAnalyticsRetention(app: FastifyInstance, retentionDays: number, intervalMs = RETENTION_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = deleteExpiredAnalytics(app.db, app.clock.now(), retentionDays)
        .then(
          (count) => {
            if (count > 0) app.log.info({ count }, 'deleted raw analytics events past their retention');
          },
          (error: unknown) => app.log.error({ err: error }, 'analytics retention failed'),
        )
        .finally(() => {
          running = null;
          schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(Math.min(60_000, intervalMs)));
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
