// The public face of the members module: member lists for other modules.
export { existingMemberIds, findMemberWithUser, listMembers, type MemberWithUser } from './members.repository.ts';
