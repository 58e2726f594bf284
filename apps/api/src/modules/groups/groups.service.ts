import { diffChanges, type Group, type List, type TenantMemberAdmin, type TimelineEvent, type TimelineQuery } from '@tessera/domain';
import type { z } from 'zod';
import type { groupCreateBody, groupListQuery, groupUpdateBody, memberListQuery } from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/auth-context.ts';
import { existingMemberIds, listMembers } from '../members/index.ts';
import { actorName, queryEvents, recordEvent } from '../timeline/index.ts';
import * as repo from './groups.repository.ts';

async function load(db: DbOrTx, tenantId: string, id: string) {
  const found = await repo.findGroup(db, tenantId, id);
  if (!found) throw notFound('Group');
  return found;
}

async function checkNameFree(db: DbOrTx, tenantId: string, name: string, exceptId?: string): Promise<void> {
  const taken = await repo.findGroupByName(db, tenantId, name);
  if (taken && taken.id !== exceptId) throw new AppError('conflict', `name: a group named ${name} already exists`);
}

export function listGroups(db: DbOrTx, caller: Caller, q: z.output<typeof groupListQuery>): Promise<List<Group>> {
  return repo.listGroups(db, caller.tenantId, q);
}

export async function getGroup(db: DbOrTx, caller: Caller, id: string): Promise<Group> {
  const found = await load(db, caller.tenantId, id);
  return repo.toGroup(found.group, found.totalMembers);
}

export async function createGroup(db: Db, caller: Caller, body: z.output<typeof groupCreateBody>): Promise<Group> {
  const row = await db.transaction(async (tx) => {
    await checkNameFree(tx, caller.tenantId, body.name);
    const created = await repo.insertGroup(tx, {
      tenantId: caller.tenantId,
      name: body.name,
      description: body.description ?? null,
      createdBy: caller.user?.id ?? null,
    });
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'create',
      entity: created.id,
      entityType: 'tenant-member-group',
      caller,
      message: `${actorName(caller)} created the group ${created.name}`,
      meta: { change: { name: { old: null, new: created.name }, description: { old: null, new: created.description } } },
    });
    return created;
  });
  return repo.toGroup(row, 0);
}

export async function updateGroup(db: Db, caller: Caller, id: string, body: z.output<typeof groupUpdateBody>): Promise<Group> {
  return db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    const diff = diffChanges(current.group as unknown as Record<string, unknown>, body as Record<string, unknown>);
    if (Object.keys(diff).length === 0) return repo.toGroup(current.group, current.totalMembers);
    if (body.name) await checkNameFree(tx, caller.tenantId, body.name, id);
    const updated = await repo.updateGroup(tx, caller.tenantId, id, body);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'update',
      entity: id,
      entityType: 'tenant-member-group',
      caller,
      message: `${actorName(caller)} updated the group ${updated.name}`,
      meta: { change: diff },
    });
    return repo.toGroup(updated, current.totalMembers);
  });
}

export async function deleteGroup(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    await repo.deleteGroup(tx, caller.tenantId, id);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'tenant-member-group',
      caller,
      message: `${actorName(caller)} deleted the group ${current.group.name}`,
      meta: { delete: { name: current.group.name, description: current.group.description, totalMembers: current.totalMembers } },
    });
  });
}

/** Adds members of this tenant (unknown ids: 400 naming them, nothing written); members already in are skipped. */
export async function addMembers(db: Db, caller: Caller, id: string, memberIds: string[]): Promise<Group> {
  const unique = [...new Set(memberIds)];
  await db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    const known = new Set(await existingMemberIds(tx, caller.tenantId, unique));
    const unknown = unique.filter((m) => !known.has(m));
    if (unknown.length > 0) throw new AppError('bad-request', `memberIds: no such member: ${unknown.join(', ')}`);
    const added = await repo.addGroupMembers(tx, caller.tenantId, id, unique);
    if (added.length === 0) return;
    const before = await repo.memberIdsOfGroup(tx, caller.tenantId, id);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'update',
      entity: id,
      entityType: 'tenant-member-group',
      caller,
      message: `${actorName(caller)} added ${added.length} member${added.length === 1 ? '' : 's'} to ${current.group.name}`,
      meta: { change: { members: { old: before.filter((m) => !added.includes(m)), new: before } } },
      refs: added.map((m) => ({ entity: m, entityType: 'tenant-member' as const })),
    });
  });
  return getGroup(db, caller, id);
}

export async function removeMember(db: Db, caller: Caller, id: string, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    const before = await repo.memberIdsOfGroup(tx, caller.tenantId, id);
    if (!(await repo.removeGroupMember(tx, caller.tenantId, id, memberId))) throw notFound('Group member');
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'update',
      entity: id,
      entityType: 'tenant-member-group',
      caller,
      message: `${actorName(caller)} removed a member from ${current.group.name}`,
      meta: { change: { members: { old: before, new: before.filter((m) => m !== memberId) } } },
      refs: [{ entity: memberId, entityType: 'tenant-member' }],
    });
  });
}

export async function listGroupMembers(
  db: DbOrTx,
  caller: Caller,
  id: string,
  q: z.output<typeof memberListQuery>,
): Promise<List<TenantMemberAdmin>> {
  await load(db, caller.tenantId, id);
  return listMembers(db, caller.tenantId, q, id);
}

export async function listGroupEvents(db: DbOrTx, caller: Caller, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await load(db, caller.tenantId, id);
  return queryEvents(db, caller.tenantId, { kind: 'entity', entityType: 'tenant-member-group', entity: id }, q);
}
