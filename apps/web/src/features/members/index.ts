// The members feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { membersKey, membersPath, useMembers } from './api/list-members.ts';
export { useMemberContext } from './components/member-page.tsx';
export { MemberStatusDot } from './components/member-status-dot.tsx';
