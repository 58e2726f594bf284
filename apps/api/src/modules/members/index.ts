// The public face of the members module: member lists for other modules, and the tenant path check of routes.
export { existingMemberIds, listMembers } from './members.repository.ts';
export { checkTenantParam } from './members.service.ts';
