import { COOKIE_NAMES } from '@encore/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Viewer } from '../access/viewer';
import type { Services } from '../../services';
import type { ViewerResolver } from '../../http/viewer-resolver';
import { cookieValue } from '../../lib/request-locale';
import type { OutboxRow } from './mail.table';
import { escapeHtml } from '../../lib/html';

/**
 * The emails /dev/mail may show to whoever asks: a platform admin reads the whole outbox, anyone
 * else only what was sent to their own account's address. Everything else in it (reset links,
 * verification links) belongs to someone else.
 */
async function visibleOutbox(
  services: Services,
  viewerId: string,
  isAdmin: boolean,
): Promise<OutboxRow[]> {
  if (isAdmin) return services.mail.outbox(50);
  const user = await services.users.current(viewerId);
  return user ? services.mail.outbox(50, user.email) : [];
}

/**
 * Without SMTP_URL no email leaves the machine, so the outbox is the only place to read a
 * verification or reset link. /dev/mail lists it to the mails' signed-in recipients (the page is a
 * plain link the browser opens, so the web app's access-token cookie signs it in as well as a
 * Bearer header does). It exists only when the configuration turns it on: by default outside
 * production, and in production with MAIL_OUTBOX=on.
 */
export function registerMailRoutes(
  app: FastifyInstance,
  services: Services,
  resolveViewer: ViewerResolver,
  enabled: boolean,
) {
  if (!services.mail.usesOutbox || !enabled) return;

  async function viewerOf(req: FastifyRequest) {
    const viewer = await resolveViewer(req);
    if (viewer.isLoggedIn) return viewer;
    const cookieToken = cookieValue(req.headers.cookie, COOKIE_NAMES.accessToken);
    if (!cookieToken) return viewer;
    const user = await services.auth.userForAccessToken(cookieToken);
    return user ? new Viewer({ id: user.id, role: user.role }) : viewer;
  }

  app.get('/dev/mail', async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const viewer = await viewerOf(req);
    if (!viewer.user) {
      return reply.status(401).send(
        page(`<p>Sign in, then open this page again: it lists the emails sent to your account.</p>
<p><a href="/login">Sign in</a></p>`),
      );
    }
    const mails = await visibleOutbox(services, viewer.user.id, viewer.isAdmin);
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.recipient)} · <strong>Language:</strong> ${escapeHtml(mail.locale)} · <time>${mail.createdAt.toISOString()}</time></p>
  <pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>
</article>`,
      )
      .join('\n');
    const scope = viewer.isAdmin
      ? 'Every email the server kept instead of sending (you are a platform admin).'
      : 'The emails the server kept for your address instead of sending them.';
    return reply.send(
      page(
        `<p>${scope} Set SMTP_URL to deliver them for real.</p>
${mails.length ? items : '<p>No email has been sent yet.</p>'}`,
      ),
    );
  });
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Encore outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#212121}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:1rem}a{color:#b71c1c}</style>
</head><body><main><h1>Outbox</h1>
${body}
</main></body></html>`;
}
