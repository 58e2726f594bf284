import type { DashboardScale } from '@tessera/domain';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The start of the UTC bucket of `scale` a timestamp column falls in, as the ISO text the dashboards key their series
 * by (domain dashboardBuckets). `scale` is one of the enum's three words, never user text, so it is inlined: a bound
 * parameter would differ between SELECT and GROUP BY.
 */
export function utcBucketStart(column: AnyColumn, scale: DashboardScale): SQL<string> {
  return sql<string>`to_char(date_trunc('${sql.raw(scale)}', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;
}
