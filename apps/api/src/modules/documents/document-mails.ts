import { mailLayout } from '../../lib/mail/layout.ts';

/** The notice an existing member gets when a document is shared with them. */
export function documentSharedMail(tenantName: string, sharerName: string, documentName: string, role: string, url: string) {
  return {
    subject: `${sharerName} shared a document with you`,
    ...mailLayout({
      paragraphs: [`${sharerName} shared "${documentName}" with you on ${tenantName} as ${role}.`],
      action: { label: 'Open the document', textLabel: 'Open it', url },
    }),
  };
}
