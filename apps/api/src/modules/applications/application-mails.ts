import { mailLayout } from '../../lib/mail/layout.ts';

/** 001 §2: the applicant hears of the decision; an approval links to the approval letter. */
export function applicationApprovedMail(tenantName: string, code: string, validUntil: string, letterUrl: string) {
  return {
    subject: `Your accreditation with ${tenantName} is approved`,
    ...mailLayout({
      title: 'You are a Verified Accredited Investor',
      paragraphs: [
        `${tenantName} reviewed your accreditation application and approved it.`,
        `Your certificate is valid until ${validUntil}. Its verification code is ${code}: a sponsor you share it with can check it on the verification page.`,
      ],
      action: { label: 'View your certificate', url: letterUrl },
    }),
  };
}

export function applicationRejectedMail(tenantName: string, note: string, applicationUrl: string) {
  return {
    subject: `Your accreditation application with ${tenantName} was not approved`,
    ...mailLayout({
      title: 'Your application was not approved',
      paragraphs: [`${tenantName} reviewed your accreditation application and could not approve it.`, `The reviewer's note: ${note}`],
      action: { label: 'Open your application', url: applicationUrl },
    }),
  };
}
