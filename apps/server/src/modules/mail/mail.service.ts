import type { Locale } from '@encore/core';
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { translatorFor } from '../../lib/i18n';
import {
  renderEmail,
  type EmailItem,
  type EmailTemplate,
  type TemplateValues,
} from './mail.templates';
import { mailOutbox, type OutboxRow } from './mail.table';

export interface MailServiceOptions {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
}

export interface EmailRequest {
  to: string;
  locale: Locale;
  template: EmailTemplate;
  values: TemplateValues;
  /** A list the email shows under its paragraphs (a digest's notifications). */
  items?: EmailItem[];
  /**
   * Where one click stops emails like this one, without signing in (RFC 8058): in the
   * `List-Unsubscribe` headers and at the foot of the email. Security emails have none.
   */
  unsubscribeUrl?: string;
}

/**
 * Sends translated emails with an HTML and a text part: over SMTP when SMTP_URL is set, otherwise
 * into the outbox table, which /dev/mail lists.
 */
export function createMailService({ db, smtpUrl, from, publicUrl }: MailServiceOptions) {
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : undefined;

  return {
    usesOutbox: transport === undefined,

    async send(request: EmailRequest): Promise<void> {
      const t = translatorFor(request.locale);
      const email = renderEmail(request.template, { ...request.values, appUrl: publicUrl }, t, {
        items: request.items,
        unsubscribeUrl: request.unsubscribeUrl,
      });
      if (transport) {
        await transport.sendMail({
          from,
          to: request.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          ...(request.unsubscribeUrl
            ? {
                headers: {
                  'List-Unsubscribe': `<${request.unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
        return;
      }
      await db.insert(mailOutbox).values({
        recipient: request.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        locale: request.locale,
        template: request.template,
      });
    },

    /** The newest kept emails: all of them, or only those sent to one address. */
    async outbox(limit = 50, recipient?: string): Promise<OutboxRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(
          recipient === undefined
            ? undefined
            : eq(sql`lower(${mailOutbox.recipient})`, recipient.toLowerCase()),
        )
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit);
    },

    close(): void {
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
