import { createTransport, type Transporter } from 'nodemailer';
import { config } from '@/server/config';
import { logger } from '@/server/logger';
import { keepInDevMailbox } from './dev-mailbox';
import type { Mail } from './mail';

/** How this deployment delivers mail: SMTP_URL's server, else the dev mailbox where it is open, else not at all. */
export type MailDelivery = 'smtp' | 'dev-mailbox' | null;

export function mailDelivery(): MailDelivery {
  if (config.SMTP_URL) return 'smtp';
  return config.DEV_MAILBOX ? 'dev-mailbox' : null;
}

export class MailUnavailableError extends Error {
  constructor() {
    super('Mail cannot be sent: SMTP_URL is not set and the dev mailbox is closed.');
  }
}

let transport: Transporter | undefined;

/**
 * Sends one mail. Its text is never logged where it could reach a real person's inbox (it holds
 * links that sign people in); outside production a dev-mailbox mail is printed whole, so a
 * developer can follow its link from the console.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const delivery = mailDelivery();
  if (delivery === 'smtp') {
    transport ??= createTransport(config.SMTP_URL);
    await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    return;
  }
  if (delivery === null) throw new MailUnavailableError();
  const kept = await keepInDevMailbox(mail);
  const shown = config.NODE_ENV === 'production' ? {} : { text: mail.text };
  logger.info({ mail: { id: kept.id, to: mail.to, subject: mail.subject, ...shown } }, 'mail kept in the dev mailbox (/dev/mailbox)');
}
