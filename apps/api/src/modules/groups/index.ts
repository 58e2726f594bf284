// The public face of the groups module, owner of `member_groups` and `member_group_members`.
export { groupIdsOfMember, listGroupsOfMember } from './groups.repository.ts';
