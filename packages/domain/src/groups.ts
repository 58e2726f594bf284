import { z } from 'zod';
import { deletedEntity, pageQuery, sortDirection } from './http.ts';
import { objectId } from './ids.ts';

export const group = z
  .object({
    _id: objectId,
    tenant: objectId,
    name: z.string(),
    description: z.string().nullable(),
    totalMembers: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Group');
export type Group = z.infer<typeof group>;
export const groupArray = z.array(group).describe('Groups');

export const groupSort = z.enum(['createdAt', 'updatedAt', 'name']);
export type GroupSort = z.infer<typeof groupSort>;
export const groupListQuery = pageQuery.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: groupSort.default('createdAt'),
  direction: sortDirection.default('desc'),
});
export type GroupListQuery = z.input<typeof groupListQuery>;

const groupName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const groupDescription = z
  .string()
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .nullable()
  .transform((v) => (v ? v : null));

export const groupCreateBody = z.object({ name: groupName, description: groupDescription.optional() }).describe('GroupCreateBody');
export type GroupCreateBody = z.input<typeof groupCreateBody>;
export const groupUpdateBody = z
  .object({ name: groupName.optional(), description: groupDescription.optional() })
  .describe('GroupUpdateBody');
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;

export const groupMembersBody = z
  .object({ memberIds: z.array(objectId).min(1, 'Pick at least one member').max(100, 'At most 100 members at once') })
  .describe('GroupMembersBody');
export type GroupMembersBody = z.input<typeof groupMembersBody>;

export const groupDeleted = deletedEntity.describe('GroupDeleted');
