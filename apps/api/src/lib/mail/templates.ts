/** Small, plain transactional mails. Every value is escaped; links are absolute. */
import { mailLayout } from './layout.ts';

const layout = (title: string, paragraphs: string[], action?: { label: string; url: string }) => mailLayout({ title, paragraphs, action });

export function passwordResetMail(tenantName: string, url: string, minutes: number) {
  return {
    subject: `Reset your ${tenantName} password`,
    ...layout(
      'Reset your password',
      [
        `Someone asked to reset the password of your ${tenantName} account. If it was you, choose a new password with the link below; it works once and expires in ${minutes} minutes.`,
        'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
      ],
      { label: 'Reset password', url },
    ),
  };
}

export function inviteMail(tenantName: string, inviterName: string, url: string, days: number) {
  return {
    subject: `You are invited to ${tenantName}`,
    ...layout(
      `Join ${tenantName}`,
      [
        `${inviterName} invited you to join ${tenantName}. Finish your invitation to set your password; the link works once and expires in ${days} days.`,
      ],
      { label: 'Finish your invitation', url },
    ),
  };
}

export function addedToTenantMail(tenantName: string, inviterName: string, url: string) {
  return {
    subject: `You now have access to ${tenantName}`,
    ...layout(
      `Welcome to ${tenantName}`,
      [`${inviterName} added your existing account to ${tenantName}. Sign in with your usual password.`],
      {
        label: 'Sign in',
        url,
      },
    ),
  };
}

export function passwordChangedMail(tenantName: string) {
  return {
    subject: `Your ${tenantName} password was changed`,
    ...layout('Your password was changed', [
      'The password of your account was just changed, and every other session was signed out.',
      'If this was not you, reset your password at once and contact support.',
    ]),
  };
}

export function mfaTurnedOffMail(tenantName: string) {
  return {
    subject: `Two-step verification was turned off for your ${tenantName} account`,
    ...layout('Two-step verification was turned off', [
      'The last second factor (authenticator app or passkey) of your account was just removed, so signing in now asks only for your password.',
      'If this was not you, reset your password at once, set up two-step verification again and contact support.',
    ]),
  };
}
