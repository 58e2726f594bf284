/** Small, plain transactional mails. Every value is escaped; links are absolute. */
import { escapeHtml } from '../html.ts';

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = [
    `<div style="font-family:Roboto,Arial,sans-serif;max-width:560px;margin:auto;padding:24px;color:#1b1f24">`,
    `<h2 style="color:#1A3A65">${escapeHtml(title)}</h2>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1A3A65;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or open: ${escapeHtml(action.url)}</p>`
      : '',
    `</div>`,
  ].join('');
  const text = [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : [])].join('\n');
  return { html, text };
}

export function passwordResetMail(tenantName: string, url: string, minutes: number) {
  return {
    subject: `Reset your ${tenantName} password`,
    ...layout('Reset your password', [
      `Someone asked to reset the password of your ${tenantName} account. If it was you, choose a new password with the link below; it works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ], { label: 'Reset password', url }),
  };
}

export function inviteMail(tenantName: string, inviterName: string, url: string, days: number) {
  return {
    subject: `You are invited to ${tenantName}`,
    ...layout(`Join ${tenantName}`, [
      `${inviterName} invited you to join ${tenantName}. Finish your invitation to set your password; the link works once and expires in ${days} days.`,
    ], { label: 'Finish your invitation', url }),
  };
}

export function addedToTenantMail(tenantName: string, inviterName: string, url: string) {
  return {
    subject: `You now have access to ${tenantName}`,
    ...layout(`Welcome to ${tenantName}`, [`${inviterName} added your existing account to ${tenantName}. Sign in with your usual password.`], {
      label: 'Sign in',
      url,
    }),
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
