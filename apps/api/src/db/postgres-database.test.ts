import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './unreachable.ts';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/test-database.ts';

const pidOf = (result: unknown) => (result as { rows: { pid: number }[] }).rows[0]!.pid;

// A connection lost while a transaction holds it (a failover, a pooler restart, a terminated backend, a partition's
// end) once ended the API process: pg-pool stops listening for a connection's 'error' while it is checked out, so the
// event went unheard, an uncaught exception (postgres-database.ts, connectInScope). Without the fix Vitest reports that
// exception as an unhandled error and the run fails.
describe.skipIf(testEngine() !== 'postgres')('PostgreSQL connections lost while held', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('fail the transaction holding them, and the pool goes on with new connections', async () => {
    const pids: number[] = [];
    const lost = database.db.transaction(async (tx) => {
      const pid = pidOf(await tx.execute(sql`select pg_backend_pid() as pid`));
      pids.push(pid);
      // Between two statements of the transaction, its connection's backend is ended from outside.
      await database.ownerDb.execute(sql`select pg_terminate_backend(${pid})`);
      await tx.execute(sql`select 1`);
    });
    // It fails as the database being unreachable (the rollback finds the connection gone): a request answers 503.
    const error = await lost.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isDatabaseUnreachable(error)).toBe(true);

    // The broken connection is not handed out again: the next statements run on a new backend.
    for (let i = 0; i < 5; i += 1) {
      const pid = pidOf(await database.db.execute(sql`select pg_backend_pid() as pid`));
      expect(pid).not.toBe(pids[0]);
    }
    await database.db.transaction(async (tx) => {
      expect(pidOf(await tx.execute(sql`select pg_backend_pid() as pid`))).not.toBe(pids[0]);
    });
  });
});
