import { escapeHtml } from '../../lib/html.ts';

function mail(subject: string, lines: string[], action: { label: string; url: string }) {
  return {
    subject,
    text: [...lines, '', `${action.label}: ${action.url}`].join('\n'),
    html: [
      '<div style="font-family:Roboto,Arial,sans-serif;max-width:560px;margin:auto;padding:24px;color:#1b1f24">',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1A3A65;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
      `<p style="font-size:12px;color:#555">Or open: ${escapeHtml(action.url)}</p>`,
      '</div>',
    ].join(''),
  };
}

/** A new address invited to an institution's team: the link sets up the account (works once, expires in `days`). */
export function teamInviteMail(tenantName: string, institutionName: string, inviterName: string, role: string, url: string, days: number) {
  return mail(`You are invited to the ${institutionName} team on ${tenantName}`, [
    `${inviterName} invited you to join the team of ${institutionName} on ${tenantName} as ${role}.`,
    `Finish your invitation to set your password; the link works once and expires in ${days} days.`,
  ], { label: 'Finish your invitation', url });
}

/** An existing account added to an institution's team. */
export function teamAddedMail(tenantName: string, institutionName: string, inviterName: string, role: string, url: string) {
  return mail(`You joined the ${institutionName} team on ${tenantName}`, [
    `${inviterName} added you to the team of ${institutionName} on ${tenantName} as ${role}.`,
    'Sign in with your usual password and switch to Raise mode to work on it.',
  ], { label: 'Sign in', url });
}
