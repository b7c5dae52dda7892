import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, seriousAccessibilityViolations } from './browser';
import { graphql } from './graphql';
import { accessTokenOf, logIn as logInAs, openJourneyPage } from './journey';
import { linkTo, waitForMail } from './mail';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const PERFORMER = 'amira@performer.test';
/** Owns the Nordic Sound Competition, whose 2027 edition invites jonas to review it. */
const NORDIC_OWNER = 'sofia@nordicsound.test';
const INVITED_REVIEWER = 'jonas@performer.test';
const LINK_INVITEE = 'mateo@performer.test';
const ORGANISER = 'maya@harbourlights.test';
const NORDIC = 'Nordic Sound Competition 2027';
const RIVERSIDE = 'Riverside Stage: open call for songwriters';
/** In Cascais, 25 km from Lisbon: inside the search's default 50 km. */
const FADO = 'Concurso de Fado de Cascais';
/** Open worldwide, in Madrid. */
const GRANT = 'Beca de creación musical Sonora 2027';
/** Online, without a place. */
const ONLINE = 'Online-Workshop: Musikproduktion im Homestudio';
const LISBON_ID = '2267057';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  ({ context, page } = await openJourneyPage(browser, baseUrl));
});
afterEach(async () => {
  await context?.close();
});

const main = (on: Page = page) => on.getByRole('main');
const hex = () => randomBytes(4).toString('hex');

const logIn = (email: string, password?: string) => logInAs(page, email, password);

async function heading(name: string | RegExp, on: Page = page) {
  await main(on).getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** The count above the results once it reads `expected` ("2 opportunities"). */
async function resultCount(expected: string, on: Page = page) {
  await main(on)
    .getByRole('heading', { level: 2, name: expected, exact: true })
    .waitFor({ timeout: 15_000 });
}

/** The titles of the cards on screen, once the list has settled. */
async function resultTitles(on: Page = page): Promise<string[]> {
  await main(on).locator('ul[aria-busy="false"]').first().waitFor({ timeout: 15_000 });
  return main(on)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a')?.textContent ?? ''));
}

const tokenOf = (email: string) => accessTokenOf(baseUrl, email);

async function call<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql<T>(baseUrl, query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** YYYY-MM-DD a number of days from today. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * More published opportunities than fit on a page, under an organisation of their own, all
 * carrying one made-up word to search for. Returns the word and a way to delete them again, so
 * that the journeys after this one see the demo data as it was.
 */
async function publishMany(count: number) {
  const token = await tokenOf(ORGANISER);
  const word = `pagecheck${hex()}`;
  const { createOrganisation } = await call<{ createOrganisation: { id: string } }>(
    token,
    'mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { id } }',
    { input: { name: `Paging Check ${word}`, description: 'Opportunities for the paging check.' } },
  );
  const ids: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const { createOpportunity } = await call<{ createOpportunity: { id: string } }>(
      token,
      'mutation ($input: CreateOpportunityInput!) { createOpportunity(input: $input) { id } }',
      {
        input: {
          organisation_id: createOrganisation.id,
          title: `Open call ${String(index).padStart(2, '0')} ${word}`,
          time_zone: 'Europe/Lisbon',
          description: '<p>An open call made by the paging check.</p>',
          deadline_date: `${inDays(40)} 18:00`,
          start_date: `${inDays(60)} 20:00`,
          end_date: `${inDays(61)} 23:00`,
          city_id: LISBON_ID,
          types: ['open_call'],
          target: ['INDIVIDUALS'],
          payment_type: 'FREE',
        },
      },
    );
    await call(token, 'mutation ($id: ID!) { publishOpportunity(input: { id: $id }) { id } }', {
      id: createOpportunity.id,
    });
    ids.push(createOpportunity.id);
  }
  return {
    word,
    remove: async () => {
      for (const id of ids) {
        await call(token, 'mutation ($id: ID!) { deleteOpportunity(input: { id: $id }) { id } }', {
          id,
        });
      }
    },
  };
}

describe('opportunity search', () => {
  it('a performer searches around a city, narrows the results, and the address holds the search', async () => {
    await logIn(PERFORMER);
    await page.goto('/opportunities');
    await heading('Find opportunities');

    // Around Lisbon: the riverside open call and the fado competition in Cascais, the competition
    // and the grant open to the whole world, and the online workshop.
    await main().getByRole('combobox', { name: 'City' }).fill('Lisbon');
    await page.getByRole('option', { name: 'Lisbon, Portugal' }).click();
    await page.waitForURL((url) => url.searchParams.get('city_id') === LISBON_ID);
    await resultCount('5 opportunities');
    expect((await resultTitles()).sort()).toEqual([FADO, GRANT, NORDIC, ONLINE, RIVERSIDE].sort());
    const riverside = main().getByRole('article', { name: RIVERSIDE });
    await riverside.getByText(/^Lisbon, Portugal · [\d.,]+ k?m$/).waitFor();
    await riverside.getByText('From €15.00').waitFor();
    await riverside.getByText(/^Apply in \d+ days · deadline/).waitFor();
    await main().getByText('Harbour Lights Festival').first().waitFor();

    // A facet narrows the search to festivals; words narrow it further.
    await main()
      .getByRole('region', { name: 'By kind' })
      .getByRole('button', { name: 'Festival (1)' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('types') === 'festival');
    await resultCount('1 opportunity');
    await main().getByRole('searchbox', { name: 'Keywords' }).fill('songwritrs');
    await main().getByRole('searchbox', { name: 'Keywords' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'songwritrs');
    await resultCount('1 opportunity');
    expect(await resultTitles()).toEqual([RIVERSIDE]);

    const shared = new URL(page.url());
    expect(Object.fromEntries(shared.searchParams)).toEqual({
      q: 'songwritrs',
      city_id: LISBON_ID,
      city: 'Lisbon',
      cc: 'PT',
      types: 'festival',
    });

    // The same address in another tab gives the same search, with its controls filled in.
    const other = await context.newPage();
    await other.goto(shared.pathname + shared.search);
    await heading('Find opportunities', other);
    await resultCount('1 opportunity', other);
    expect(await resultTitles(other)).toEqual([RIVERSIDE]);
    expect(await main(other).getByRole('searchbox', { name: 'Keywords' }).inputValue()).toBe(
      'songwritrs',
    );
    expect(await main(other).getByRole('combobox', { name: 'City' }).inputValue()).toBe(
      'Lisbon, Portugal',
    );
    await other.close();

    // Back undoes one step at a time, and the fields follow.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect
      .poll(() => main().getByRole('searchbox', { name: 'Keywords' }).inputValue())
      .toBe('');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('types'));
    await resultCount('5 opportunities');

    // Opportunities open worldwide can be left out; the online one stays.
    await main().getByLabel('Include opportunities open worldwide').click();
    await page.waitForURL((url) => url.searchParams.get('worldwide') === '0');
    await resultCount('3 opportunities');
    expect((await resultTitles()).sort()).toEqual([FADO, ONLINE, RIVERSIDE].sort());

    // Too narrow: the empty state offers to clear the filters, which keeps the place.
    await main().getByRole('radio', { name: 'Paid' }).click();
    await main().getByLabel('Up to').fill('5');
    await page.waitForURL((url) => url.searchParams.get('price_max') === '5');
    await main().getByText('No opportunities match this search').waitFor();
    await main().getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('price_max'));
    expect(new URL(page.url()).searchParams.get('city_id')).toBe(LISBON_ID);
    await resultCount('5 opportunities');
  });

  it('searches around the position the browser shares, or says why it cannot', async () => {
    await context.setGeolocation({ latitude: 38.7223456, longitude: -9.1393456 });
    await context.grantPermissions(['geolocation']);
    await logIn(PERFORMER);
    await page.goto('/opportunities');
    await main().getByRole('button', { name: 'Use my location' }).click();
    await page.waitForURL((url) => url.searchParams.has('lat'));
    const { searchParams } = new URL(page.url());
    // Rounded, so a shared address does not pinpoint anyone's home.
    expect([searchParams.get('lat'), searchParams.get('lng')]).toEqual(['38.722', '-9.139']);
    await main().getByText('Near your location').waitFor();
    await resultCount('5 opportunities');
    await main().getByLabel('Nearest first').click();
    await page.waitForURL((url) => url.searchParams.get('nearest') === '1');
    // Lisbon, then Cascais, then the worldwide grant in Madrid; the worldwide competition and the
    // online workshop have no place, so come last, the more recently published first.
    await expect.poll(() => resultTitles()).toEqual([RIVERSIDE, FADO, GRANT, NORDIC, ONLINE]);

    await main().getByRole('button', { name: 'Stop searching near your location' }).click();
    await page.waitForURL((url) => !url.searchParams.has('lat'));

    await context.clearPermissions();
    await main().getByRole('button', { name: 'Use my location' }).click();
    await main()
      .getByText(/^Encore may not use your location/)
      .waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.has('lat')).toBe(false);
  });

  it('a city typed on the landing page is matched to a city', async () => {
    await logIn(PERFORMER);
    await page.goto('/opportunities?city=lisboa');
    await page.waitForURL((url) => url.searchParams.get('city_id') === LISBON_ID);
    await resultCount('5 opportunities');
  });

  it('pages through more results than fit on one page', async () => {
    const many = await publishMany(21);
    try {
      await logIn(PERFORMER);
      await page.goto(`/opportunities?q=${many.word}&sort=alphabet`);
      await resultCount('21 opportunities');
      const first = await resultTitles();
      expect(first).toHaveLength(20);
      expect(first[0]).toBe(`Open call 01 ${many.word}`);

      await main().getByRole('button', { name: 'Go to page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await main()
        .getByRole('article', { name: `Open call 21 ${many.word}` })
        .waitFor();
      expect(await resultTitles()).toEqual([`Open call 21 ${many.word}`]);
      await main().getByRole('button', { name: 'Page 2' }).waitFor();

      // Another sort starts again at the first page.
      await main().getByRole('combobox', { name: 'Order' }).click();
      await page.getByRole('option', { name: 'Z to A' }).click();
      await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
      expect(new URL(page.url()).searchParams.has('page')).toBe(false);
      await main()
        .getByRole('article', { name: `Open call 21 ${many.word}` })
        .waitFor();
      expect((await resultTitles())[0]).toBe(`Open call 21 ${many.word}`);
    } finally {
      await many.remove();
    }
  });
});

describe('opportunities I manage or review', () => {
  it('an invited reviewer accepts from the list and finds the opportunity under their reviews', async () => {
    await logIn(INVITED_REVIEWER);
    await page.goto('/opportunities/review');
    await heading('Opportunities I manage or review');
    const invitations = main().getByRole('region', { name: 'Invitation waiting for you' });
    const card = invitations.getByRole('article', { name: NORDIC });
    await card.getByText('Sofia Marin invited you as Reviewer.').waitFor();
    await card.getByRole('button', { name: 'Accept' }).click();

    await page.getByText(`You joined “${NORDIC}” as Reviewer.`).waitFor({ timeout: 10_000 });
    await invitations.waitFor({ state: 'detached' });
    const listed = main().getByRole('article', { name: NORDIC });
    await listed.getByText('Your role: Reviewer').waitFor();
    expect(await listed.getByRole('link', { name: NORDIC }).getAttribute('href')).toBe(
      '/opportunity/nordic-sound-competition-2027/dashboard',
    );

    await main().getByRole('tab', { name: 'I review' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'review');
    await main().getByRole('article', { name: NORDIC }).waitFor();
    await main().getByRole('tab', { name: 'I manage' }).click();
    await main().getByText('No opportunities match').waitFor();
  });

  it('an invitation opened from its email is shown first and accepted there', async () => {
    const owner = await tokenOf(NORDIC_OWNER);
    const { opportunity } = await call<{ opportunity: { id: string } }>(
      owner,
      'query { opportunity(slug: "nordic-sound-competition-2027") { id } }',
    );
    await call(
      owner,
      'mutation ($input: InviteOpportunityMemberInput!) { inviteOpportunityMember(input: $input) { id } }',
      {
        input: {
          opportunity_id: opportunity.id,
          email: LINK_INVITEE,
          role: 'custom',
          permissions: ['rate'],
        },
      },
    );
    const mail = await waitForMail(mailDir, LINK_INVITEE);
    const link = linkTo(mail, '/opportunities/review');
    expect(link.searchParams.get('invitation')).toBeTruthy();

    await logIn(LINK_INVITEE);
    await page.goto(link.pathname + link.search);
    const linked = main().getByRole('region', { name: 'Your invitation' });
    await linked.getByText(`Sent to ${LINK_INVITEE}`).waitFor({ timeout: 15_000 });
    await linked
      .getByRole('article', { name: NORDIC })
      .getByRole('button', { name: 'Accept' })
      .click();

    await page.waitForURL((url) => !url.searchParams.has('invitation'));
    await main()
      .getByRole('article', { name: NORDIC })
      .getByText('Your role: Custom role (rate applications)')
      .waitFor();

    // The link has been used: opening it again says so.
    await page.goto(link.pathname + link.search);
    await main().getByText('This invitation is no longer open').waitFor({ timeout: 15_000 });
  });
});

describe('accessibility of the search and review pages', () => {
  it.each([
    ['/opportunities', PERFORMER],
    [`/opportunities?city_id=${LISBON_ID}&city=Lisbon&cc=PT&types=festival`, PERFORMER],
    ['/opportunities/review', ORGANISER],
    // A closed opportunity, whose status chip is orange.
    ['/opportunities/review', 'daniel@blueroom.test'],
  ])('axe finds no serious or critical violation on %s (as %s)', async (path, who) => {
    await logIn(who);
    await page.goto(path);
    await main().getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await main().getByRole('status').first().waitFor({ state: 'detached' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
