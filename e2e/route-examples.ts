import { readFileSync } from 'node:fs';
import { WEB_ROUTE_PATTERNS, type WebRoutePattern } from '../packages/core/src/routes';
import { graphql } from './graphql';
import { accessTokenOf } from './journey';

/**
 * A real address for every route of the web's route table (packages/core/src/routes.ts), filled
 * with the demo seed's slugs and ids, and the demo people who may look at it: for suites that
 * visit every page.
 */

export const SIGNED_IN_ROLES = ['admin', 'organiser', 'reviewer', 'applicant', 'band'] as const;
export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];
export type Role = 'visitor' | SignedInRole;
export const ROLES: Role[] = ['visitor', ...SIGNED_IN_ROLES];

/** Demo accounts (apps/server/src/db/demo/demo-data.ts), one for each kind of person. */
export const ACCOUNTS: Record<SignedInRole, string> = {
  /** The platform team. */
  admin: 'admin@encore.test',
  /** Owns Harbour Lights Festival and manages its opportunities. */
  organiser: 'maya@harbourlights.test',
  /** An admin in Harbour Lights' team and the reviewer of its open calls. */
  reviewer: 'lukas@klangwerk.test',
  /** An individual with a draft and an accepted application. */
  applicant: 'amira@performer.test',
  /** A band with a submitted application. */
  band: 'band@velvettides.test',
};

const PUBLIC: Role[] = ['visitor'];
const EVERYONE: Role[] = ROLES;
const SIGNED_IN: Role[] = [...SIGNED_IN_ROLES];
const TEAM: Role[] = ['organiser', 'reviewer'];

const ORGANISATION = 'harbour-lights-festival';
/** Harbour Lights' paid open call: Amira has a draft to it, Lukas reviews it. */
const OPPORTUNITY = 'riverside-stage-open-call';

/** Ids the seed makes anew on every start, read through the API. */
export interface DemoIds {
  applicantId: string;
  /** Amira's accepted application to the lighthouse circle (Harbour Lights). */
  acceptedApplication: string;
  /** Amira's draft to the riverside stage. */
  draftApplication: string;
  /** The Velvet Tides' submitted application to the Klangwerk residency. */
  bandApplication: string;
  /** The receipt of the Velvet Tides' paid application to the riverside stage (a path). */
  bandReceipt: string;
}

export interface Visit {
  roles: Role[];
  /** Path and query. */
  path: string;
}

export const GENERAL_ERROR_PATH = '/error-pages/general';
/** The catch-all: an address no route matches. */
export const NOT_FOUND: Visit = { roles: EVERYONE, path: '/no/such/page' };

/**
 * One or more addresses for each route pattern. A Record over the route table: a pattern without
 * an example does not compile, and no-sideways-scroll.e2e.ts's first test fails.
 */
export const EXAMPLES: Record<WebRoutePattern, (ids: DemoIds) => Visit[]> = {
  '/': () => [{ roles: PUBLIC, path: '/' }],
  '/about': () => [{ roles: PUBLIC, path: '/about' }],
  '/terms-conditions': () => [{ roles: PUBLIC, path: '/terms-conditions' }],
  '/privacy': () => [{ roles: PUBLIC, path: '/privacy' }],
  '/help': () => [{ roles: PUBLIC, path: '/help' }],
  '/contact': () => [{ roles: PUBLIC, path: '/contact' }],
  '/error-pages/general': () => [{ roles: PUBLIC, path: GENERAL_ERROR_PATH }],
  '/network-error': () => [{ roles: PUBLIC, path: '/network-error' }],
  '/login': () => [{ roles: PUBLIC, path: '/login' }],
  '/register': () => [{ roles: PUBLIC, path: '/register' }],
  '/register/complete': () => [{ roles: PUBLIC, path: '/register/complete' }],
  '/password/forgot': () => [{ roles: PUBLIC, path: '/password/forgot' }],
  '/password/reset': () => [{ roles: PUBLIC, path: '/password/reset?token=example' }],
  // Opening the link changes nothing, so any token shows the page's question; none, its problem.
  '/unsubscribe': () => [
    { roles: ['visitor', 'applicant'], path: '/unsubscribe?token=example' },
    { roles: PUBLIC, path: '/unsubscribe' },
  ],
  '/opportunity/:slug': () => [{ roles: EVERYONE, path: `/opportunity/${OPPORTUNITY}` }],
  '/opportunities': () => [{ roles: EVERYONE, path: '/opportunities' }],
  '/opportunities/review': () => [{ roles: SIGNED_IN, path: '/opportunities/review' }],
  '/opportunity/wizard': () => [{ roles: SIGNED_IN, path: '/opportunity/wizard' }],
  '/opportunity/:slug/edit': () => [{ roles: TEAM, path: `/opportunity/${OPPORTUNITY}/edit` }],
  '/opportunity/:slug/update': () => [{ roles: TEAM, path: `/opportunity/${OPPORTUNITY}/update` }],
  '/opportunity/:slug/dashboard': () => [
    { roles: TEAM, path: `/opportunity/${OPPORTUNITY}/dashboard` },
  ],
  '/opportunity/:slug/payments/details': () => [
    { roles: TEAM, path: `/opportunity/${OPPORTUNITY}/payments/details` },
  ],
  '/opportunity/:slug/form': () => [{ roles: TEAM, path: `/opportunity/${OPPORTUNITY}/form` }],
  '/opportunity/:slug/apply': () => [
    { roles: ['applicant', 'band'], path: `/opportunity/${OPPORTUNITY}/apply` },
  ],
  '/applications': () => [{ roles: SIGNED_IN, path: '/applications' }],
  '/application/:id': (ids) => [
    { roles: ['applicant', ...TEAM], path: `/application/${ids.acceptedApplication}` },
    { roles: ['band'], path: `/application/${ids.bandApplication}` },
  ],
  '/receipt/:token': (ids) => [{ roles: EVERYONE, path: ids.bandReceipt }],
  '/application/:id/edit': (ids) => [
    { roles: ['applicant'], path: `/application/${ids.draftApplication}/edit` },
  ],
  '/application/:id/review': (ids) => [
    { roles: TEAM, path: `/application/${ids.acceptedApplication}/review` },
  ],
  '/organisations': () => [{ roles: SIGNED_IN, path: '/organisations' }],
  '/organisations/create': () => [{ roles: SIGNED_IN, path: '/organisations/create' }],
  '/organisation/:slug/update': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/update` },
  ],
  '/organisation/:slug/dashboard': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/dashboard` },
  ],
  '/organisation/:slug/opportunities': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/opportunities` },
  ],
  '/organisation/:slug/payment/connect': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/payment/connect` },
  ],
  '/organisation/:slug/payment/update': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/payment/update` },
  ],
  '/organisation/:slug/payment/account': () => [
    { roles: TEAM, path: `/organisation/${ORGANISATION}/payment/account` },
  ],
  '/organisation/:slug': () => [{ roles: EVERYONE, path: `/organisation/${ORGANISATION}` }],
  '/organisation/connect': () => [{ roles: TEAM, path: '/organisation/connect' }],
  '/spaces': () => [{ roles: SIGNED_IN, path: '/spaces' }],
  // Spaces are placeholders so far: any id shows the same page.
  '/spaces/:id': () => [{ roles: SIGNED_IN, path: '/spaces/1' }],
  '/profile/update': () => [
    { roles: SIGNED_IN, path: '/profile/update' },
    { roles: ['applicant'], path: '/profile/update?tab=notifications' },
  ],
  '/:id/profile': (ids) => [{ roles: SIGNED_IN, path: `/${ids.applicantId}/profile` }],
  '/account/upgrade': () => [{ roles: SIGNED_IN, path: '/account/upgrade' }],
  '/impact': () => [{ roles: SIGNED_IN, path: '/impact' }],
  '/notifications': () => [
    { roles: SIGNED_IN, path: '/notifications' },
    { roles: ['applicant'], path: '/notifications?show=unread' },
  ],
  // Everyone else gets the not-found page, which is not this page's to measure.
  '/admin/events': () => [{ roles: ['admin'], path: '/admin/events' }],
};

/** Every example with its pattern, and the not-found address last. */
export function allVisits(ids: DemoIds): Array<Visit & { pattern: WebRoutePattern | null }> {
  return [
    ...WEB_ROUTE_PATTERNS.flatMap((pattern) =>
      EXAMPLES[pattern](ids).map((visit) => ({ ...visit, pattern })),
    ),
    { ...NOT_FOUND, pattern: null },
  ];
}

export function visitsOf(role: Role, ids: DemoIds): string[] {
  return allVisits(ids)
    .filter((visit) => visit.roles.includes(role))
    .map((visit) => visit.path);
}

interface ApplicationRow {
  id: string;
  status: string;
  opportunity: { slug: string };
  payment_info: { receipt: string | null } | null;
}

export async function readDemoIds(baseUrl: string): Promise<DemoIds> {
  const read = async (email: string) => {
    const answer = await graphql<{
      me: { id: string };
      userApplications: { data: ApplicationRow[] };
    }>(
      baseUrl,
      '{ me { id } userApplications { data { id status opportunity { slug } payment_info { receipt } } } }',
      {},
      await accessTokenOf(baseUrl, email),
    );
    if (!answer.data) throw new Error(`cannot read ${email}'s applications`);
    return { id: answer.data.me.id, applications: answer.data.userApplications.data };
  };
  const idOf = (applications: ApplicationRow[], slug: string, status: string) => {
    const found = applications.find(
      (application) => application.opportunity.slug === slug && application.status === status,
    );
    if (!found) throw new Error(`the demo has no ${status} application to ${slug}`);
    return found.id;
  };
  const receiptOf = (applications: ApplicationRow[], slug: string) => {
    const receipt = applications.find((application) => application.opportunity.slug === slug)
      ?.payment_info?.receipt;
    if (!receipt) throw new Error(`the demo has no paid application to ${slug}`);
    return receipt;
  };
  const applicant = await read(ACCOUNTS.applicant);
  const band = await read(ACCOUNTS.band);
  return {
    applicantId: applicant.id,
    acceptedApplication: idOf(applicant.applications, 'lighthouse-songwriter-circle', 'ACCEPTED'),
    draftApplication: idOf(applicant.applications, OPPORTUNITY, 'DRAFT'),
    bandApplication: idOf(band.applications, 'klangwerk-chamber-residency', 'SUBMITTED'),
    bandReceipt: receiptOf(band.applications, OPPORTUNITY),
  };
}

const errorTitlesByLocale = new Map<string, { notFound: string; general: string }>();

function errorTitles(locale: string) {
  let titles = errorTitlesByLocale.get(locale);
  if (!titles) {
    const common = JSON.parse(
      readFileSync(
        new URL(`../apps/web/public/locales/${locale}/common.json`, import.meta.url),
        'utf8',
      ),
    ) as { errors: { notFound: { title: string }; general: { title: string } } };
    titles = { notFound: common.errors.notFound.title, general: common.errors.general.title };
    errorTitlesByLocale.set(locale, titles);
  }
  return titles;
}

/**
 * Why the page is not the one its address is for, judged by its heading: the error screens show
 * only on their own addresses. Null when it is.
 */
export function wrongScreen(path: string, heading: string, locale: string): string | null {
  const { notFound, general } = errorTitles(locale);
  const expected =
    path === NOT_FOUND.path ? notFound : path === GENERAL_ERROR_PATH ? general : null;
  if (expected !== null) {
    return heading === expected ? null : `shows "${heading}" instead of "${expected}"`;
  }
  return heading === notFound || heading === general ? `shows the error screen "${heading}"` : null;
}
