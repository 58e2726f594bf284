export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  tenantId?: string | null;
}

/** Outgoing mail. SMTP when configured, otherwise the local outbox read through the dev mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
