import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Without SMTP_URL no email leaves the machine, so the outbox is the only place to read a
 * verification or reset link: /dev/mail lists it. With SMTP configured the page does not exist.
 */
export function registerMailRoutes(app: FastifyInstance, services: Services) {
  if (!services.mail.usesOutbox) return;
  app.get('/dev/mail', async (_req, reply) => {
    const mails = await services.mail.outbox(50);
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.recipient)} · <strong>Language:</strong> ${escapeHtml(mail.locale)} · <time>${mail.createdAt.toISOString()}</time></p>
  <pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>
</article>`,
      )
      .join('\n');
    const body = mails.length ? items : '<p>No email has been sent yet.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Encore outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#212121}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}a{color:#b71c1c}</style>
</head><body><main><h1>Outbox</h1><p>Emails the server would have sent; set SMTP_URL to deliver them for real.</p>
${body}</main></body></html>`);
  });
}
