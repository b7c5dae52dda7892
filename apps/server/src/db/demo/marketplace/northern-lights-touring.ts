import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'northern-lights-touring',
  name: 'Northern Lights Touring',
  email: 'bookings@northernlights.test',
  website: 'https://northernlightstouring.example',
  phone: '+44 131 000 0000',
  city: 'edinburgh',
  description:
    'Independent promoter and touring agency in Edinburgh for roots, folk and indie acts, with residencies, showcases and an industry conference.',
  owner: 'owen',
  team: [],
  socialLinks: [
    { type: 'INSTAGRAM', url: 'https://www.instagram.com/northernlightstouring' },
    { type: 'TWITTER', url: 'https://x.com/nltouring' },
  ],
  invitations: [],
};

const listing = listingsOf(organisation);

export const NORTHERN_LIGHTS_TOURING: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Highlands & Islands tour support',
      slug: 'highlands-islands-tour-support',
      summary:
        'Six village-hall dates from Inverness to Skye for an emerging folk or acoustic act, with a guaranteed fee per night.',
      description:
        '<p>We book, promote and drive: you play <strong>six intimate shows</strong> in community venues across the Highlands and Islands. A £200 guarantee per night, shared accommodation and a tour manager are provided.</p><p>Send us two recordings and tell us why these audiences would love you.</p>',
      venue: 'The Queen’s Hall',
      city: 'edinburgh',
      timeZone: 'Europe/London',
      publishedDaysAgo: 10,
      deadlineInDays: 43,
      startsInDays: 94,
      lengthDays: 9,
      types: ['tour'],
      genres: ['folk', 'celtic-folk', 'singer-songwriter'],
      instruments: ['guitar', 'fiddle', 'lead-vocals'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['en'],
    }),
    listing({
      title: 'Trad session residency in Dublin',
      slug: 'trad-session-residency-dublin',
      summary:
        'Lead the Wednesday trad session at a Temple Bar pub for three months: a paid residency for a duo or trio.',
      description:
        '<p>A <strong>weekly paid residency</strong> for a traditional Irish duo or trio, leading the session and welcoming visiting players. €300 per night plus food.</p><p>Tell us your tune repertoire and include a live video.</p>',
      venue: 'The Cobblestone Room',
      city: 'dublin',
      timeZone: 'Europe/Dublin',
      publishedDaysAgo: 7,
      deadlineInDays: 24,
      startsInDays: 42,
      lengthDays: 90,
      types: ['residency', 'gig'],
      genres: ['celtic-folk', 'traditional-folk'],
      instruments: ['fiddle', 'tin-whistle', 'banjo', 'guitar'],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['en', 'ga'],
    }),
    listing({
      title: 'Music Futures Conference: artist delegates',
      slug: 'music-futures-conference-dublin',
      summary:
        'Two days of panels, mentoring and speed meetings with labels, agents and festivals, for self-releasing artists.',
      description:
        '<p><strong>Music Futures</strong> brings two hundred artists and industry guests together in Dublin. Artist delegates get a mentoring session, the speed-meeting programme and the evening showcases.</p><ul><li>Panels on touring, sync and streaming</li><li>One-to-one mentoring (20 minutes)</li></ul>',
      venue: 'The Light House',
      city: 'dublin',
      timeZone: 'Europe/Dublin',
      publishedDaysAgo: 26,
      deadlineInDays: 68,
      startsInDays: 128,
      lengthDays: 2,
      types: ['conference'],
      genres: ['pop', 'indie-rock', 'hip-hop', 'electronic'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['en'],
      paymentOptions: [
        {
          title: 'Early bird delegate',
          cost: 7500,
          currency: 'EUR',
          slots: 100,
          deadlineInDays: 30,
        },
        { title: 'Delegate', cost: 12000, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Brooklyn Showcase Night: UK & Irish artists in New York',
      slug: 'brooklyn-showcase-night',
      summary:
        'Eight acts from Scotland and Ireland play to New York bookers and press during a one-night showcase in Brooklyn.',
      description:
        '<p>We take <strong>eight acts</strong> to Brooklyn for a curated night in front of US bookers, agents and press. Each act plays 25 minutes on a shared backline.</p><p>Flights are your own; we cover the visa letters, accommodation for two nights and local transport.</p>',
      venue: 'Union Pool',
      city: 'newYork',
      timeZone: 'America/New_York',
      publishedDaysAgo: 19,
      deadlineInDays: 51,
      startsInDays: 116,
      lengthDays: 1,
      types: ['showcase'],
      genres: ['indie-rock', 'folk', 'alternative'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['en'],
      paymentOptions: [
        { title: 'Early bird', cost: 3500, currency: 'USD', deadlineInDays: 20 },
        { title: 'Standard', cost: 5500, currency: 'USD' },
      ],
    }),
    listing({
      title: 'Live-to-tape sessions in Glasgow',
      slug: 'live-to-tape-sessions-glasgow',
      summary:
        'Record three songs live to two-inch tape in a day, with an engineer, mixes and a session video.',
      description:
        '<p>Our <strong>live-to-tape sessions</strong> capture a band playing together in one room. You leave with three mixed songs and a filmed performance of one of them.</p><p>Sessions run monthly; tell us which weekends suit you.</p>',
      venue: 'Green Door Studio',
      city: 'glasgow',
      timeZone: 'Europe/London',
      publishedDaysAgo: 5,
      deadlineInDays: 27,
      startsInDays: 56,
      lengthDays: 1,
      types: ['recording'],
      genres: ['indie-rock', 'rock', 'folk'],
      instruments: [],
      target: ['BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['en'],
      paymentOptions: [
        { title: 'Early booking', cost: 18000, currency: 'GBP', deadlineInDays: 10 },
        { title: 'Session', cost: 22500, currency: 'GBP' },
      ],
    }),
  ],
};
