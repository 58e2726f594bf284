import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
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
