import { z } from 'zod';
import { timelineEntityType } from './enums.ts';
import { pageQuery, sortDirection, timestamp } from './http.ts';
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
    change: z.record(z.string(), timelineChange).optional().describe('The fields the event changed: old and new value of each'),
    delete: z.record(z.string(), z.unknown()).optional().describe('The values of what the event deleted'),
  })
  .catchall(z.unknown())
  .describe('What the event did; an event made with a private API key also has `via` (the key) and `viaApiKey` (its id)');
export type TimelineMeta = z.infer<typeof timelineMeta>;

export const timelineRef = z.object({ entity: z.string(), entityType: timelineEntityType });

export const timelineEvent = z
  .object({
    _id: objectId,
    type: timelineEventType,
    entity: z.string().describe('The id of the entity the event is about'),
    entityType: timelineEntityType,
    message: z.string().describe('What happened, as a sentence'),
    user: objectId.nullable().describe('Who did it; null for the platform itself or a private API key'),
    userName: z.string().nullable().describe("The actor's display name (or the API key's name)"),
    meta: timelineMeta,
    refs: z.array(timelineRef).describe('Other entities the event concerns'),
    createdAt: timestamp,
  })
  .meta({
    id: 'TimelineEvent',
    description: 'One entry of a history: who changed what, when, with the old and new values.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f6',
        type: 'update',
        entity: '6745a1c2e4b0a1b2c3d4e5f7',
        entityType: 'tenant-member-group',
        message: 'Olivia Owner updated the group Early investors',
        user: '6745a1c2e4b0a1b2c3d4e5f8',
        userName: 'Olivia Owner',
        meta: { change: { description: { old: null, new: 'Invited to the seed round' } } },
        refs: [],
        createdAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
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
  search: z
    .string()
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .describe('Keeps the events whose message or entity id contains this text (case-insensitive)'),
  sort: timelineSort.default('createdAt').describe('What to sort by'),
  direction: sortDirection.default('desc').describe('Newest or largest first (desc, the default) or the other way'),
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
