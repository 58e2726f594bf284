// The public face of the auth module, owner of the `auth_tokens` table: invitations other modules send, their tokens,
// and the types of its dependencies.
export { deleteTenantTokensUnscoped, INVITE_TTL_SECONDS, insertInviteToken, revokeInviteTokens } from './auth-tokens.repository.ts';
export {
  invitationMail,
  invite,
  inviterName,
  issueInviteLink,
  writeInvitation,
  type AuthDeps,
  type CallSite,
  type WrittenInvitation,
} from './auth.service.ts';
export { finishSignin, issueSession, type SessionDeps, type SessionIssue } from './auth.service.ts';
export {
  advanceRefreshGeneration,
  findSession,
  findSessionContext,
  listActiveSessions,
  revokeSessions,
  revokeUserSessionsEverywhereUnscoped,
  touchSession,
  updateSession,
  type SessionEndReason,
} from './sessions.repository.ts';
export { endMemberSessions, type SessionsDeps } from './sessions.service.ts';
