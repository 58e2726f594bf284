import { z } from 'zod';
import { timelineEntityType } from './enums.ts';
import { pageQuery, sortDirection } from './http.ts';
import { objectId } from './ids.ts';

export const timelineEventType = z.enum([
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'status',
  'auth',
  'invite',
  'access',
  'upload',
  'other',
]);
export type TimelineEventType = z.infer<typeof timelineEventType>;

export const timelineChange = z.object({ old: z.unknown(), new: z.unknown() });
export const timelineMeta = z
  .object({
    change: z.record(z.string(), timelineChange).optional(),
    delete: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());
export type TimelineMeta = z.infer<typeof timelineMeta>;

export const timelineRef = z.object({ entity: z.string(), entityType: timelineEntityType });

export const timelineEvent = z
  .object({
    _id: objectId,
    type: timelineEventType,
    entity: z.string(),
    entityType: timelineEntityType,
    message: z.string(),
    user: objectId.nullable(),
    userName: z.string().nullable(),
    meta: timelineMeta,
    refs: z.array(timelineRef),
    createdAt: z.string(),
  })
  .describe('TimelineEvent');
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const timelineSort = z.enum(['createdAt', 'type', 'entityType', 'user']);
export type TimelineSort = z.infer<typeof timelineSort>;
export const timelineSortLabels: Record<TimelineSort, string> = {
  createdAt: 'Created',
  type: 'Event Type',
  entityType: 'Entity Type',
  user: 'User',
};

export const timelineQuery = pageQuery.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: timelineSort.default('createdAt'),
  direction: sortDirection.default('desc'),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** JSON with object keys sorted, so that values differing only in key order (jsonb reorders keys) compare equal. */
function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Builds the change map of old and new values for the fields that differ; a missing old value reads as null. */
export function diffChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { old: unknown; new: unknown }> {
  const change: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of Object.keys(after)) {
    const oldValue = before[key] ?? null;
    const newValue = after[key];
    if (newValue === undefined) continue;
    if (canonicalJson(oldValue) !== canonicalJson(newValue)) change[key] = { old: oldValue, new: newValue };
  }
  return change;
}
