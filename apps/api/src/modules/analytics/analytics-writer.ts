import { withTenant } from '../../db/scope.ts';
import type { AnalyticsEventRow } from './analytics.service.ts';

/** The most events one transaction takes from the queue; the rest wait for the next. */
export const ANALYTICS_WRITE_MAX = 1000;

/** Stores rows of one tenant in one transaction (storeAnalyticsEvents on the app's database). */
type Store = (tenantId: string, rows: AnalyticsEventRow[]) => Promise<void>;

interface Waiting {
  rows: AnalyticsEventRow[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit for analytics batches (#25): while a tenant's write is in flight on this node, the batches that arrive
 * wait and then go together in one transaction, so many concurrent batches cost one insert and one rollup upsert
 * instead of one each, and stop queueing on the same rollup rows' locks. A lone batch is written at once (nothing
 * waits for a timer). Each caller's promise settles when its rows are committed, so an acknowledged event is stored.
 * When a shared write fails, its batches are written one by one, so one bad batch cannot lose the others.
 */
export class AnalyticsWriter {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(private readonly store: Store) {}

  /** Stores `rows` of `tenantId` with whatever else is waiting; resolves once they are committed. */
  write = (tenantId: string, rows: AnalyticsEventRow[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const queue = this.queues.get(tenantId);
      if (queue) queue.push({ rows, resolve, reject });
      else {
        this.queues.set(tenantId, [{ rows, resolve, reject }]);
        void this.drain(tenantId);
      }
    });

  /** Writes the tenant's queue, as many batches per transaction as fit ANALYTICS_WRITE_MAX, until it is empty. */
  private async drain(tenantId: string): Promise<void> {
    const queue = this.queues.get(tenantId)!;
    while (queue.length > 0) {
      let events = 0;
      let take = 0;
      while (take < queue.length && (take === 0 || events + queue[take]!.rows.length <= ANALYTICS_WRITE_MAX))
        events += queue[take++]!.rows.length;
      const group = queue.splice(0, take);
      try {
        await withTenant(tenantId, () =>
          this.store(
            tenantId,
            group.flatMap((w) => w.rows),
          ),
        );
        for (const w of group) w.resolve();
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        else for (const w of group) await withTenant(tenantId, () => this.store(tenantId, w.rows)).then(w.resolve, w.reject);
      }
    }
    this.queues.delete(tenantId);
  }
}
