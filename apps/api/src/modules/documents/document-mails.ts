import { escapeHtml } from '../../lib/html.ts';

/** The notice an existing member gets when a document is shared with them. */
export function documentSharedMail(tenantName: string, sharerName: string, documentName: string, role: string, url: string) {
  const line = `${sharerName} shared "${documentName}" with you on ${tenantName} as ${role}.`;
  return {
    subject: `${sharerName} shared a document with you`,
    text: `${line}\n\nOpen it: ${url}`,
    html: `<div style="font-family:Roboto,Arial,sans-serif;max-width:560px;margin:auto;padding:24px"><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(url)}">Open the document</a></p></div>`,
  };
}
