/** The mails of an evaluator request: the link to the evaluator, and the news to the applicant once the letter is in. */
import { mailLayout } from '../../lib/mail/layout.ts';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function evaluatorRequestMail(input: {
  tenantName: string;
  applicantName: string;
  applicantEmail: string;
  evaluatorName: string;
  what: string;
  wording: string;
  expiresAt: Date;
  days: number;
  url: string;
}) {
  const { applicantName } = input;
  return {
    subject: `${applicantName} asks you for an accredited investor letter`,
    ...mailLayout({
      title: 'An accredited investor letter is requested',
      paragraphs: [
        `Dear ${input.evaluatorName},`,
        `${applicantName} (${input.applicantEmail}) asks you, through ${input.tenantName}, for a signed letter confirming their status as an accredited investor: ${input.what}.`,
        `On your letterhead, the letter should state: "${input.wording}"`,
        `Open the link below to see the application and upload the signed letter as a PDF or an image. The link is for this one application only and expires on ${longDate.format(input.expiresAt)} (in ${input.days} days).`,
        `This link is not a sign-in and gives no access to any account. If you do not know ${applicantName} or did not expect this request, you can ignore this e-mail.`,
      ],
      action: { label: 'Upload the letter', url: input.url },
    }),
  };
}

export function evaluatorSubmittedMail(input: { tenantName: string; evaluatorName: string; underReview: boolean; url: string }) {
  return {
    subject: `${input.evaluatorName} submitted your accredited investor letter`,
    ...mailLayout({
      title: 'Your evaluator submitted the letter',
      paragraphs: [
        `${input.evaluatorName} uploaded the letter you asked for on ${input.tenantName}.`,
        input.underReview
          ? 'Your application has been submitted and is now under review. We will e-mail you once a reviewer has decided.'
          : 'Open your application to finish it and send it for review.',
      ],
      action: { label: 'View your application', url: input.url },
    }),
  };
}
