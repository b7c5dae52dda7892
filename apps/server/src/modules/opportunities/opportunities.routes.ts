import { fromMinorUnits } from '@encore/core';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { PageHead, PageHeadSource } from '../../http/page-head';
import type { Services } from '../../services';
import { fileUrl } from '../files/files.graphql';
import { NO_OPPORTUNITY_GRANT, opportunityPolicy } from './opportunities.policy';

const DESCRIPTION_LENGTH = 160;

const plainText = (html: string | null) =>
  html
    ? sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
    : '';

const clip = (text: string) =>
  text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;

/**
 * `/opportunity/{slug}` described in the HTML itself (title, description, Open Graph and a
 * schema.org Event), for crawlers that run no script. Only what anyone may see is described.
 */
export function opportunityPageHead(services: Services, publicUrl: string): PageHeadSource {
  return {
    pattern: /^\/opportunity\/([a-z0-9-]{3,100})\/?$/i,
    async head(match): Promise<PageHead | null> {
      const row = await services.opportunities.bySlug(decodeURIComponent(match[1]!));
      // Described only when anyone may see it (never a draft, a scheduled or a deleted one).
      if (!row || !opportunityPolicy.view(NO_OPPORTUNITY_GRANT, row)) return null;
      const [[organisation], [options], cities] = await Promise.all([
        services.organisations.byIds([row.organisationId]),
        services.opportunities.paymentOptionsOf([row.id]),
        row.cityId ? services.lookups.citiesByIds([row.cityId], 'en') : Promise.resolve([]),
      ]);
      const url = `${publicUrl}/opportunity/${row.slug}`;
      const description = clip(row.summary ?? plainText(row.description)) || row.title;
      const image = row.logoFileId ? `${publicUrl}${fileUrl({ id: row.logoFileId })}` : undefined;
      const city = cities[0];
      const attendance = row.isVirtual
        ? 'https://schema.org/OnlineEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode';
      const jsonLd: Record<string, unknown> = {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: row.title,
        description,
        url,
        ...(row.startsAt ? { startDate: row.startsAt.toISOString() } : {}),
        ...(row.endsAt ? { endDate: row.endsAt.toISOString() } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: attendance,
        location: row.isVirtual
          ? { '@type': 'VirtualLocation', url }
          : {
              '@type': 'Place',
              name: row.venue ?? city?.name ?? row.title,
              address: {
                '@type': 'PostalAddress',
                ...(row.street ? { streetAddress: row.street } : {}),
                ...(city ? { addressLocality: city.name } : {}),
                ...(row.countryCode ? { addressCountry: row.countryCode } : {}),
              },
            },
        ...(organisation
          ? {
              organizer: {
                '@type': 'Organization',
                name: organisation.name,
                url: `${publicUrl}/organisation/${organisation.slug}`,
              },
            }
          : {}),
        ...(image ? { image: [image] } : {}),
        offers:
          row.paymentType === 'FREE' || !options?.length
            ? {
                '@type': 'Offer',
                price: 0,
                priceCurrency: 'EUR',
                url,
                ...(row.deadlineAt ? { validThrough: row.deadlineAt.toISOString() } : {}),
              }
            : options.map((option) => ({
                '@type': 'Offer',
                name: option.title,
                price: fromMinorUnits(option.cost, option.currency),
                priceCurrency: option.currency,
                url,
                ...((option.deadlineAt ?? row.deadlineAt)
                  ? { validThrough: (option.deadlineAt ?? row.deadlineAt)!.toISOString() }
                  : {}),
              })),
      };
      return {
        title: organisation
          ? `${row.title} · ${organisation.name} · Encore`
          : `${row.title} · Encore`,
        description,
        url,
        image,
        jsonLd,
        noIndex: row.isPrivate,
      };
    },
  };
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `/sitemap.xml`: the home page and every listed opportunity. */
export function registerOpportunityRoutes(
  app: FastifyInstance,
  services: Services,
  publicUrl: string,
) {
  app.get('/sitemap.xml', async (_req, reply) => {
    const listed = await services.opportunities.listedForSitemap();
    const urls = [
      `<url><loc>${xmlEscape(`${publicUrl}/`)}</loc></url>`,
      ...listed.map(
        (row) =>
          `<url><loc>${xmlEscape(`${publicUrl}/opportunity/${row.slug}`)}</loc><lastmod>${row.updatedAt
            .toISOString()
            .slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
