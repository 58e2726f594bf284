import { createRequire } from 'node:module';
import type { Mailer, MailMessage } from './mailer.ts';

/** nodemailer, loaded when SMTP is configured: the default dev mailbox never loads it (issue #25, memory at rest). */
const nodemailer = () => createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer().createTransport(url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transport.close();
    },
  };
}
