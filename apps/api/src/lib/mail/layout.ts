import { escapeHtml } from '../html.ts';

/** The button of a mail; the plain-text part says `textLabel: url` (the label when not given). */
export interface MailAction {
  label: string;
  url: string;
  textLabel?: string;
}

/**
 * The one layout of the API's mails: an optional heading, paragraphs and an optional action, as HTML (every value
 * escaped, the link also written out) and as plain text. Links must be absolute.
 */
export function mailLayout(content: { title?: string; paragraphs: string[]; action?: MailAction }): { html: string; text: string } {
  const { title, paragraphs, action } = content;
  const html = [
    '<div style="font-family:Roboto,Arial,sans-serif;max-width:560px;margin:auto;padding:24px;color:#1b1f24">',
    title ? `<h2 style="color:#1A3A65">${escapeHtml(title)}</h2>` : '',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1A3A65;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or open: ${escapeHtml(action.url)}</p>`
      : '',
    '</div>',
  ].join('');
  const text = [
    ...(title ? [title, ''] : []),
    ...paragraphs,
    ...(action ? ['', `${action.textLabel ?? action.label}: ${action.url}`] : []),
  ].join('\n');
  return { html, text };
}
