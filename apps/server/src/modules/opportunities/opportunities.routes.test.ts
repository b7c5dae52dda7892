import { createOpportunitySchema } from '@encore/core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { connectPayoutAccount } from '../../../test/payments';
import type { OpportunityRow } from './opportunities.table';

let server: TestServer;
const rows = {} as Record<'live' | 'draft' | 'secret', OpportunityRow>;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'encore-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8" />\n<meta\n  name="description"\n  content="The site-wide description."\n/>\n<title>Encore</title></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ webDist });
  const owner = await registerAccount(server, { name: 'Page Owner' });
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour & Co' }, [
    { userId: owner.id, email: owner.email, role: 'owner' },
  ]);
  await connectPayoutAccount(server, organisation);
  const actor = { id: owner.id, email: owner.email };
  const service = server.app.services.opportunities;
  const make = (fields: Record<string, unknown>) =>
    service.create(
      createOpportunitySchema.parse({
        organisation_id: organisation.id,
        time_zone: 'Europe/Lisbon',
        description: '<p>Bring <strong>three</strong> songs.</p>',
        deadline_date: '2099-05-01 12:00',
        start_date: '2099-06-10 19:00',
        end_date: '2099-06-10 23:00',
        city_id: '2267057',
        venue: 'Cais Stage',
        types: ['gig'],
        target: ['BANDS'],
        ...fields,
      }),
      actor,
    );
  rows.live = await service.publish(
    (
      await make({
        title: 'Songs </script><script>alert(1)</script> at the Harbour',
        payment_type: 'PAID_INTERNAL',
        payment_options: [{ title: 'Entry', cost: 1250, currency: 'EUR' }],
      })
    ).id,
    actor,
  );
  rows.draft = await make({ title: 'Unpublished Evening' });
  rows.secret = await service.publish(
    (await make({ title: 'Secret Evening', is_private: true })).id,
    actor,
  );
});
afterAll(async () => {
  await server?.close();
});

const page = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, html: await response.text() };
};

const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

describe('the public opportunity page in the HTML itself', () => {
  it('carries the title, description, Open Graph tags and a schema.org Event before any script runs', async () => {
    const { status, html } = await page(`/opportunity/${rows.live.slug}`);
    expect(status).toBe(200);
    expect(html).toContain(
      '<title>Songs &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; at the Harbour · Harbour &amp; Co · Encore</title>',
    );
    expect(html).toContain('<meta name="description" content="Bring three songs." />');
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<div id="root"></div>');
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Songs </script><script>alert(1)</script> at the Harbour',
      startDate: '2099-06-10T18:00:00.000Z',
      location: {
        '@type': 'Place',
        name: 'Cais Stage',
        address: { addressLocality: 'Lisbon', addressCountry: 'PT' },
      },
      organizer: { '@type': 'Organization', name: 'Harbour & Co' },
      offers: [{ '@type': 'Offer', name: 'Entry', price: 12.5, priceCurrency: 'EUR' }],
    });
  });

  it('describes nothing that is not public, and asks search engines not to list a private one', async () => {
    const draft = await page(`/opportunity/${rows.draft.slug}`);
    expect(draft.status).toBe(200);
    expect(draft.html).toContain('<title>Encore</title>');
    expect(jsonLdOf(draft.html)).toBeNull();
    const secret = await page(`/opportunity/${rows.secret.slug}`);
    expect(secret.html).toContain('<meta name="robots" content="noindex" />');
  });

  it('lists public opportunities in /sitemap.xml, without drafts or private ones', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain(`/opportunity/${rows.live.slug}</loc>`);
    expect(xml).not.toContain(rows.draft.slug);
    expect(xml).not.toContain(rows.secret.slug);
  });
});
