import { mailLayout, type MailAction } from '../../lib/mail/layout.ts';

const mail = (subject: string, paragraphs: string[], action: MailAction) => ({ subject, ...mailLayout({ paragraphs, action }) });

/** A new address invited to an institution's team: the link sets up the account (works once, expires in `days`). */
/** An invitation to a team; `account` as in inviteMail (sign in and accept rather than choose a password). */
export function teamInviteMail(
  tenantName: string,
  institutionName: string,
  inviterName: string,
  role: string,
  url: string,
  days: number,
  account = false,
) {
  return mail(
    `You are invited to the ${institutionName} team on ${tenantName}`,
    [
      `${inviterName} invited you to join the team of ${institutionName} on ${tenantName} as ${role}.`,
      account
        ? `Sign in with your existing account to accept; the link works once and expires in ${days} days.`
        : `Finish your invitation to set your password; the link works once and expires in ${days} days.`,
    ],
    { label: account ? 'Accept invitation' : 'Finish your invitation', url },
  );
}

/** An existing account added to an institution's team. */
export function teamAddedMail(tenantName: string, institutionName: string, inviterName: string, role: string, url: string) {
  return mail(
    `You joined the ${institutionName} team on ${tenantName}`,
    [
      `${inviterName} added you to the team of ${institutionName} on ${tenantName} as ${role}.`,
      'Sign in with your usual password and switch to Raise mode to work on it.',
    ],
    { label: 'Sign in', url },
  );
}
