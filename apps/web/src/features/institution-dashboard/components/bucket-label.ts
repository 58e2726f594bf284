import type { DashboardScale } from '@tessera/domain';

const FORMATS: Record<DashboardScale, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZone: 'UTC' }),
  day: new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
};

/** A chart tick for a bucket start (buckets are UTC, as the server counts them). */
export function bucketLabel(bucket: string, scale: DashboardScale): string {
  return FORMATS[scale].format(new Date(bucket));
}
