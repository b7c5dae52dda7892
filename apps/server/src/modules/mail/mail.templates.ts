import type { Translate } from '../../lib/i18n';
import { escapeHtml } from '../../lib/html';

export const EMAIL_TEMPLATES = [
  'verify_email',
  'reset_password',
  'change_email',
  'email_change_requested',
  'password_changed',
  'upgrade_approved',
  'upgrade_rejected',
  'team_invitation',
  'opportunity_invitation',
  'application_status',
  'application_message',
  'payment_receipt',
  'notification',
  'notification_digest',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface TemplateValues {
  name: string;
  /** The link the email asks the recipient to follow, when it has one. */
  actionUrl?: string;
  [key: string]: string | number | undefined;
}

/** One line of a list in an email: a notification in a digest. */
export interface EmailItem {
  title: string;
  detail?: string | null;
  url?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function itemHtml(item: EmailItem): string {
  const title = item.url
    ? `<a href="${escapeHtml(item.url)}" style="color:#c62828;font-weight:bold">${escapeHtml(item.title)}</a>`
    : `<strong>${escapeHtml(item.title)}</strong>`;
  const detail = item.detail
    ? `<br><span style="color:#616161">${escapeHtml(item.detail)}</span>`
    : '';
  return `<li style="margin:0 0 16px">${title}${detail}</li>`;
}

/** Every email shares one layout: greeting, paragraphs, an optional button, a footer. */
export function renderEmail(
  template: EmailTemplate,
  values: TemplateValues & { appUrl: string },
  t: Translate,
  { items = [], unsubscribeUrl }: { items?: EmailItem[]; unsubscribeUrl?: string } = {},
): RenderedEmail {
  const key = (part: string) => `emails:${template}.${part}`;
  const subject = t(key('subject'), values);
  const greeting = t('emails:common.greeting', values);
  // A paragraph that is only an optional value (an administrator's note) disappears when it is empty.
  const paragraphs = (
    t(key('body'), { ...values, returnObjects: true }) as unknown as string[]
  ).filter((paragraph) => paragraph.trim() !== '');
  const action = values.actionUrl ? t(key('action'), values) : undefined;
  const footer = t('emails:common.footer', values);
  const unsubscribe = unsubscribeUrl ? t('emails:common.unsubscribe') : undefined;

  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...items.flatMap((item) => [
      `• ${item.title}`,
      ...(item.detail ? [`  ${item.detail}`] : []),
      ...(item.url ? [`  ${item.url}`] : []),
      '',
    ]),
    ...(action && values.actionUrl ? [`${action}: ${values.actionUrl}`, ''] : []),
    '—',
    footer,
    ...(unsubscribe && unsubscribeUrl ? [`${unsubscribe}: ${unsubscribeUrl}`] : []),
  ].join('\n');

  const html = `<!doctype html>
<html lang="${escapeHtml(t('emails:common.lang'))}" dir="${escapeHtml(t('emails:common.dir'))}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#212121">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <tr><td>
      <p style="font-size:22px;font-weight:bold;color:#c62828;margin:0 0 24px">Encore</p>
      <p>${escapeHtml(greeting)}</p>
      ${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n      ')}
      ${items.length > 0 ? `<ul style="padding:0;list-style:none">${items.map(itemHtml).join('')}</ul>` : ''}
      ${
        action && values.actionUrl
          ? `<p style="margin:32px 0"><a href="${escapeHtml(values.actionUrl)}" style="background:#c62828;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
      <p style="font-size:12px;color:#616161">${escapeHtml(values.actionUrl)}</p>`
          : ''
      }
      <p style="font-size:12px;color:#616161;margin-top:32px">${escapeHtml(footer)}</p>
      ${
        unsubscribe && unsubscribeUrl
          ? `<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#616161">${escapeHtml(unsubscribe)}</a></p>`
          : ''
      }
    </td></tr>
  </table>
</body>
</html>`;
  return { subject, html, text };
}
