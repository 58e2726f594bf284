import { z } from 'zod';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { objectId } from './ids.ts';

export const group = z
  .object({
    _id: objectId,
    tenant: objectId,
    name: z.string(),
    description: z.string().nullable(),
    totalMembers: z.number().int().min(0).describe('How many members the group has'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Group',
    description: "A group of a tenant's members, to give them access together.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f7',
        tenant: '6745a1c2e4b0a1b2c3d4e5f1',
        name: 'Early investors',
        description: 'Invited to the seed round',
        totalMembers: 12,
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type Group = z.infer<typeof group>;

export const groupSort = z.enum(['createdAt', 'updatedAt', 'name']);
export type GroupSort = z.infer<typeof groupSort>;
export const groupListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .describe('Keeps the groups whose name or description contains this text (case-insensitive)'),
  sort: groupSort.default('createdAt').describe('What to sort by'),
  direction: sortDirection.default('desc').describe('Newest or largest first (desc, the default) or the other way'),
});
export type GroupListQuery = z.input<typeof groupListQuery>;

const groupName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const groupDescription = z
  .string()
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .nullable()
  .transform((v) => (v ? v : null));

export const groupCreateBody = z.object({ name: groupName, description: groupDescription.optional() }).meta({
  id: 'GroupCreate',
  description: 'A new group: its name, unique in the tenant, and an optional description.',
  examples: [{ name: 'Early investors', description: 'Invited to the seed round' }],
});
export type GroupCreateBody = z.input<typeof groupCreateBody>;
export const groupUpdateBody = z.object({ name: groupName.optional(), description: groupDescription.optional() }).meta({
  id: 'GroupUpdate',
  description: "Changes to a group's name and description; fields left out are unchanged.",
  examples: [{ description: 'Invited to the seed and series A rounds' }],
});
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;

export const groupMembersBody = z
  .object({
    memberIds: z
      .array(objectId)
      .min(1, 'Pick at least one member')
      .max(100, 'At most 100 members at once')
      .describe("Ids of members of this tenant (the membership's _id)"),
  })
  .meta({
    id: 'GroupMembersAdd',
    description: 'The members to add to a group, 1 to 100 at once.',
    examples: [{ memberIds: ['6745a1c2e4b0a1b2c3d4e5f9', '6745a1c2e4b0a1b2c3d4e5fa'] }],
  });
export type GroupMembersBody = z.input<typeof groupMembersBody>;
