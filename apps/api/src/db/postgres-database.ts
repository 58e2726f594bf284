// The PostgreSQL side of db/client.ts, in a module of its own so that only a server with DATABASE_URL loads pg and
// drizzle's node-postgres driver (client.ts imports it on demand).
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { APP_ROLE, MIGRATIONS_FOLDER, type Database, type DatabaseOptions, type Db } from './client.ts';
import * as schema from './schema/index.ts';
import { currentDbScope, scopeSettings } from './scope.ts';

/**
 * Also no parallel workers (#25), in the same round trip (a startup option would not pass every pooler): row-level
 * security's filter makes the planner expect few rows and long scans, so it planned lists in parallel, and starting
 * the workers took 10–90 ms on a loaded machine for pages that take 0.3 ms on one process (EXPLAIN ANALYZE on the
 * scale data set, load average 9–12).
 */
const SET_SCOPE =
  "select set_config('app.tenant_id', $1, false), set_config('app.cross_tenant', $2, false), set_config('max_parallel_workers_per_gather', '0', false)";

/** The advisory lock key the migrations run under on PostgreSQL (any constant of this app's own). */
const MIGRATION_LOCK = 725_025_001;

/** Marks a pooled connection with the scope it was last set to (ScopedPool). */
const SCOPE_SET = Symbol('tessera.scope');
/** Marks a pooled connection that has ScopedPool's own 'error' listener (connectInScope). */
const HEARD = Symbol('tessera.errorHeard');

/** Ignores a connection's 'error' event: its holder learns of the failure from the query it runs (connectInScope). */
const ignoreConnectionError = () => {};

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool that sets every connection it hands out to the scope of the code taking it (the tenant, or cross-tenant,
 * or neither), before that code runs anything on it. drizzle takes a connection per transaction through connect()
 * and runs other statements through query(), which takes one through connect() too; so no statement runs on a
 * connection still set to whoever used it before. The cost is one round trip per statement or transaction, saved when
 * the connection is already set to that scope (the usual case: a busy tenant's requests reuse its connections).
 */
class ScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = this.connectInScope();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  private async connectInScope(): Promise<pg.PoolClient> {
    // Read before the first await, while still in the caller's context.
    const settings = scopeSettings(currentDbScope());
    const client = (await super.connect()) as pg.PoolClient & { [SCOPE_SET]?: string; [HEARD]?: true };
    // pg-pool listens for a connection's 'error' only while the connection is idle, and pool.query() only during its
    // one query. A connection held across statements (drizzle's transactions) that is lost between two of them (the
    // server restarted or failed over, the backend terminated, a pooler or a partition's end closing the socket)
    // emits 'error' with nobody listening: an uncaught exception, and the API node exits (closeWithGrace). Heard here,
    // the holder's next statement fails instead ("Client has encountered a connection error"), its transaction
    // fails with it (a 503 or 500), and the pool drops the connection on release (it is no longer queryable).
    if (!client[HEARD]) {
      client.on('error', ignoreConnectionError);
      client[HEARD] = true;
    }
    // The scope this connection was last set to: the same again costs no round trip (#25: one fewer per statement on
    // a hot read). It is set outside any transaction, so no rollback can undo it behind this mark.
    const wanted = settings.join('\u0000');
    if (client[SCOPE_SET] === wanted) return client;
    try {
      await client.query(SET_SCOPE, settings);
      client[SCOPE_SET] = wanted;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }
}

/** Refuses to run the app as a role row-level security does not hold: a superuser, BYPASSRLS, or the tables' owner. */
async function checkAppRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ role: string; superuser: boolean; bypass: boolean; owns: boolean }>(
    `select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
       exists (select 1 from pg_tables t where t.schemaname = 'public' and pg_has_role(current_user, t.tableowner, 'USAGE')) as owns
     from pg_roles r where r.rolname = current_user`,
  );
  const row = rows[0];
  if (!row || row.superuser || row.bypass || row.owns) {
    throw new Error(
      `The app's database role '${row?.role ?? '?'}' would bypass row-level security (superuser, BYPASSRLS or owner of the tables). ` +
        `Set APP_DATABASE_URL to a login that is a member of ${APP_ROLE} only, or leave it unset to switch to ${APP_ROLE} (see SECURITY.md).`,
    );
  }
}

/** How long a request waits for a PostgreSQL connection (or a free pooled one) before it fails with 503. */
const CONNECT_TIMEOUT_MS = 3_000;
/** How long a query may go without an answer; the app's queries take milliseconds, so this only ends a lost connection. */
const QUERY_TIMEOUT_MS = 4_000;

export function createPostgresDatabase(options: DatabaseOptions & { url: string }): Database {
  const ownerUrl = options.url;
  const pool = new ScopedPool({
    connectionString: options.appUrl ?? ownerUrl,
    // Without a login of its own the app switches to its role when each connection starts.
    ...(options.appUrl ? {} : { options: `-c role=${APP_ROLE}` }),
    max: options.poolSize ?? 10,
    // Bounded waits, so a lost database fails requests in seconds (503) instead of hanging them: for a connection
    // or a free pooled client, and for the answer to a query (a partition leaves the socket open and silent).
    connectionTimeoutMillis: options.timeouts?.connectMs ?? CONNECT_TIMEOUT_MS,
    query_timeout: options.timeouts?.queryMs ?? QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      // One connection (max 1), holding an advisory lock while it migrates: API nodes started together apply the
      // migrations once, the others wait and then find nothing to apply (#25).
      const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
      try {
        await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(owner), { migrationsFolder: MIGRATIONS_FOLDER });
        await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      } finally {
        await owner.end();
      }
      await checkAppRole(pool);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
