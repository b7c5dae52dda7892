import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'vastkust-folk',
  name: 'Västkust Folk',
  email: 'info@vastkustfolk.test',
  website: 'https://vastkustfolk.example',
  phone: '+46 31 000 00 00',
  city: 'gothenburg',
  description:
    'Festival och kursverksamhet för nordisk folkmusik i Göteborg, med turnéer och läger i hela Norden.',
  owner: 'erik',
  team: [],
  socialLinks: [{ type: 'FACEBOOK', url: 'https://www.facebook.com/vastkustfolk' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const VASTKUST_FOLK: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Västkust Folk 2027: artistansökan',
      slug: 'vastkust-folk-2027',
      summary:
        'Spela på Nordens största folkmusikfestival vid havet: tre scener, dansbana och nattliga allspel.',
      description:
        '<p>Vi söker <strong>artister och grupper</strong> inom folkmusik, visa och gränsöverskridande nordisk musik till festivalens scener i Majorna.</p><p>Arvode enligt avtal, resa och boende ingår. Ansökningar på svenska, norska, danska eller engelska.</p>',
      venue: 'Majornas folkets hus',
      city: 'gothenburg',
      timeZone: 'Europe/Stockholm',
      publishedDaysAgo: 23,
      deadlineInDays: 53,
      startsInDays: 112,
      lengthDays: 4,
      types: ['festival', 'open_call'],
      genres: ['traditional-folk', 'folk'],
      instruments: ['fiddle', 'accordion', 'guitar'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['sv', 'en'],
      paymentOptions: [
        { title: 'Tidig anmälan', cost: 15000, currency: 'SEK', deadlineInDays: 20 },
        { title: 'Anmälningsavgift', cost: 25000, currency: 'SEK' },
      ],
    }),
    listing({
      title: 'Spelmanskurs i fiol i Malmö',
      slug: 'spelmanskurs-fiol-malmo',
      summary:
        'En helg med polskor, låtar på gehör och gruppspel för fiolspelare som vill lära sig svensk folkmusik.',
      description:
        '<p>Kursen leds av två riksspelmän. Vi lär oss <strong>låtar på gehör</strong>, bygger stämmor tillsammans och avslutar med spelmansstämma på lördagskvällen.</p><p>Passar dig som spelat fiol i minst ett år, oavsett genre.</p>',
      venue: 'Folkets Park, Malmö',
      city: 'malmo',
      timeZone: 'Europe/Stockholm',
      publishedDaysAgo: 2,
      deadlineInDays: 19,
      startsInDays: 33,
      lengthDays: 2,
      types: ['workshop'],
      genres: ['traditional-folk'],
      instruments: ['fiddle', 'violin'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['beginner', 'amateur'],
      languages: ['sv'],
      paymentOptions: [
        { title: 'Tidig anmälan', cost: 120000, currency: 'SEK', deadlineInDays: 7 },
        { title: 'Kursavgift', cost: 150000, currency: 'SEK', slots: 24 },
      ],
    }),
    listing({
      title: 'Nordisk turnéstøtte: Oslo og Vestlandet',
      slug: 'nordisk-turnestotte-oslo',
      summary:
        'Støtte og booking for en ung folkemusikkgruppe: seks konserter fra Oslo til Bergen, med honorar og reise.',
      description:
        '<p>Sammen med norske arrangører tilbyr vi <strong>seks konserter</strong> i Oslo, Drammen, Stavanger og Bergen. Vi dekker reise, overnatting og honorar.</p><p>Søknader på norsk, svensk, dansk eller engelsk.</p>',
      venue: 'Cosmopolite Scene',
      city: 'oslo',
      timeZone: 'Europe/Oslo',
      publishedDaysAgo: 15,
      deadlineInDays: 46,
      startsInDays: 99,
      lengthDays: 10,
      types: ['tour', 'grant'],
      genres: ['traditional-folk', 'folk'],
      instruments: [],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['no', 'sv', 'en'],
    }),
    listing({
      title: 'Copenhagen Songwriting Camp',
      slug: 'copenhagen-songwriting-camp',
      summary:
        'Five days of co-writing with Nordic producers and topliners; every team finishes a song a day.',
      description:
        '<p>Twenty songwriters and producers are paired in <strong>new teams every day</strong>. Studios, engineers and publishers’ feedback sessions are included.</p><p>Dansk eller engelsk: write in the language you sing in. Bring a laptop and your best ideas.</p>',
      venue: 'Vega Studios',
      city: 'copenhagen',
      timeZone: 'Europe/Copenhagen',
      publishedDaysAgo: 12,
      deadlineInDays: 37,
      startsInDays: 66,
      lengthDays: 5,
      types: ['workshop'],
      genres: ['pop', 'electronic', 'singer-songwriter'],
      instruments: ['lead-vocals', 'synthesizer'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['en', 'da'],
      paymentOptions: [
        { title: 'Early bird', cost: 250000, currency: 'DKK', deadlineInDays: 14 },
        { title: 'Standard', cost: 320000, currency: 'DKK', slots: 20 },
      ],
    }),
  ],
};
