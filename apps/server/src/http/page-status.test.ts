import { createOpportunitySchema } from '@encore/core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertOrganisation } from '../../test/organisations';
import type { OrganisationRow } from '../modules/organisations/organisations.table';
import type { OpportunityRow } from '../modules/opportunities/opportunities.table';

const INDEX_HTML =
  '<!doctype html><html><head><title>Encore</title></head><body><div id="root"></div></body></html>';

let server: TestServer;
let organisation: OrganisationRow;
const rows = {} as Record<'live' | 'draft' | 'deleted', OpportunityRow>;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'encore-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  server = await startTestServer({ webDist });
  const owner = await registerAccount(server, { name: 'Status Owner' });
  organisation = await insertOrganisation(server.database.db, { name: 'Status Hall' }, [
    { userId: owner.id, email: owner.email, role: 'owner' },
  ]);
  const actor = { id: owner.id, email: owner.email };
  const service = server.app.services.opportunities;
  const make = (title: string) =>
    service.create(
      createOpportunitySchema.parse({
        organisation_id: organisation.id,
        title,
        time_zone: 'Europe/Lisbon',
        description: '<p>Play.</p>',
        deadline_date: '2099-05-01 12:00',
        start_date: '2099-06-10 19:00',
        end_date: '2099-06-10 23:00',
        is_virtual: true,
        types: ['gig'],
        target: ['BANDS'],
        payment_type: 'FREE',
      }),
      actor,
    );
  rows.live = await service.publish((await make('Open Stage Night')).id, actor);
  rows.draft = await make('Quiet Draft');
  rows.deleted = await service.publish((await make('Cancelled Evening')).id, actor);
  await service.remove(rows.deleted.id, actor);
});
afterAll(async () => {
  await server?.close();
});

const statusOf = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, html: await response.text() };
};

describe('the status of a web page', () => {
  it('is 200 for the home page and the pages of the route table', async () => {
    for (const pathname of ['/', '/about', '/login', '/opportunities', '/organisation/connect']) {
      expect({ pathname, status: (await statusOf(pathname)).status }).toEqual({
        pathname,
        status: 200,
      });
    }
  });

  it('is 404 for an address no page owns, with the app that shows its not-found page', async () => {
    const missing = await statusOf('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toBe(INDEX_HTML);
    expect((await statusOf('/about/nested/deeper')).status).toBe(404);
  });

  it('is 200 for an opportunity that exists, on its page and its sub-pages', async () => {
    expect((await statusOf(`/opportunity/${rows.live.slug}`)).status).toBe(200);
    expect((await statusOf(`/opportunity/${rows.live.slug}/apply`)).status).toBe(200);
    // A draft exists: its owner opens it signed in; the app decides what others see.
    expect((await statusOf(`/opportunity/${rows.draft.slug}/edit`)).status).toBe(200);
  });

  it('is 404 for an unknown opportunity slug and 410 for a deleted opportunity', async () => {
    expect((await statusOf('/opportunity/nobody-made-this')).status).toBe(404);
    expect((await statusOf('/opportunity/nobody-made-this/dashboard')).status).toBe(404);
    const gone = await statusOf(`/opportunity/${rows.deleted.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.html).toBe(INDEX_HTML);
    expect((await statusOf(`/opportunity/${rows.deleted.slug}/apply`)).status).toBe(410);
  });

  it('is 404 for an unknown organisation slug, 200 for a known one', async () => {
    expect((await statusOf(`/organisation/${organisation.slug}`)).status).toBe(200);
    expect((await statusOf(`/organisation/${organisation.slug}/opportunities`)).status).toBe(200);
    expect((await statusOf('/organisation/nobody-runs-this')).status).toBe(404);
  });

  it('is 404 for a space that does not exist', async () => {
    expect((await statusOf('/spaces')).status).toBe(200);
    expect((await statusOf('/spaces/0f8fad5b-d9cb-469f-a165-70867728950e')).status).toBe(404);
  });

  it('leaves the API its own not-found answer', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});
