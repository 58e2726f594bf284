// The public face of the members module: member lists for other modules.
export { existingMemberIds, listMembers } from './members.repository.ts';
