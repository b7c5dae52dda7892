import type {
  ApprovalType,
  OpportunityPaymentType,
  OpportunityType,
  TargetUser,
  SocialLink,
  AccountType,
  Gender,
  OrganisationRole,
  PlatformRole,
  PremiumFeature,
  ProfessionalLevel,
  SkillLevel,
} from '@encore/core';
import type { DemoCityKey } from './demo-cities';
import {
  MARKETPLACE_ACCOUNTS,
  MARKETPLACE_OPPORTUNITIES,
  MARKETPLACE_ORGANISATIONS,
} from './marketplace';

/** Every demo account shares this password; the README lists the logins. */
export const DEMO_PASSWORD = 'encore-demo';

export { DEMO_CITIES, type DemoCityKey } from './demo-cities';

export interface DemoAccount {
  key: string;
  name: string;
  email: string;
  role: PlatformRole;
  selectedType: AccountType;
  locale: string;
  city: DemoCityKey;
  about: string;
  professionalLevel?: ProfessionalLevel;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin',
    name: 'Encore Support',
    email: 'admin@encore.test',
    role: 'admin',
    selectedType: 'INDIVIDUAL',
    locale: 'en',
    city: 'london',
    about: 'The platform team. We keep Encore safe and help organisers get started.',
  },
  {
    key: 'maya',
    name: 'Maya Okafor',
    email: 'maya@harbourlights.test',
    role: 'organiser',
    selectedType: 'ORGANISATION',
    locale: 'en',
    city: 'lisbon',
    about:
      'Artistic director of Harbour Lights Festival, programming new voices by the river since 2014.',
  },
  {
    key: 'lukas',
    name: 'Lukas Berger',
    email: 'lukas@klangwerk.test',
    role: 'organiser',
    selectedType: 'ORGANISATION',
    locale: 'de',
    city: 'vienna',
    about:
      'Runs the Klangwerk stage in Vienna and books chamber music, jazz and experimental evenings.',
  },
  {
    key: 'sofia',
    name: 'Sofia Marin',
    email: 'sofia@nordicsound.test',
    role: 'organiser',
    selectedType: 'ORGANISATION',
    locale: 'sv',
    city: 'stockholm',
    about: 'Coordinates the Nordic Sound Competition for young composers and ensembles.',
  },
  {
    key: 'daniel',
    name: 'Daniel Price',
    email: 'daniel@blueroom.test',
    role: 'organiser',
    selectedType: 'ORGANISATION',
    locale: 'en',
    city: 'london',
    about: 'A&R at Blue Room Records, always listening for the next debut album.',
  },
  {
    key: 'amira',
    name: 'Amira Haddad',
    email: 'amira@performer.test',
    role: 'performer',
    selectedType: 'INDIVIDUAL',
    locale: 'fr',
    city: 'marseille',
    about: 'Singer and oud player blending Levantine song with contemporary jazz.',
    professionalLevel: 'professional',
  },
  {
    key: 'jonas',
    name: 'Jonas Lind',
    email: 'jonas@performer.test',
    role: 'performer',
    selectedType: 'INDIVIDUAL',
    locale: 'fi',
    city: 'helsinki',
    about: 'Jazz pianist and composer; trio leader, occasional session player.',
    professionalLevel: 'semi_professional',
  },
  {
    key: 'chloe',
    name: 'Chloé Dubois',
    email: 'chloe@performer.test',
    role: 'performer',
    selectedType: 'INDIVIDUAL',
    locale: 'fr',
    city: 'lyon',
    about: 'Cellist at the conservatoire, preparing for international competitions.',
    professionalLevel: 'amateur',
  },
  {
    key: 'mateo',
    name: 'Mateo García',
    email: 'mateo@performer.test',
    role: 'performer',
    selectedType: 'INDIVIDUAL',
    locale: 'es',
    city: 'seville',
    about: 'Flamenco guitarist touring tablaos and festivals across Andalusia.',
    professionalLevel: 'professional',
  },
  {
    key: 'velvet',
    name: 'The Velvet Tides',
    email: 'band@velvettides.test',
    role: 'performer',
    selectedType: 'BAND',
    locale: 'en',
    city: 'manchester',
    about: 'Four-piece indie rock band with a second EP out this spring.',
    professionalLevel: 'semi_professional',
  },
  {
    key: 'kora',
    name: 'Kora Collective',
    email: 'band@koracollective.test',
    role: 'performer',
    selectedType: 'BAND',
    locale: 'nl',
    city: 'amsterdam',
    about: 'Afro-jazz sextet built around kora, horns and a restless rhythm section.',
    professionalLevel: 'professional',
  },
  ...MARKETPLACE_ACCOUNTS,
];

export interface DemoOrganisation {
  slug: string;
  name: string;
  email: string;
  website: string;
  phone: string;
  city: DemoCityKey;
  description: string;
  owner: string;
  team: Array<{ member: string; role: OrganisationRole }>;
  socialLinks: SocialLink[];
  /** Open invitations: to a demo account (by key) or to an address without an account. */
  invitations: Array<{ account?: string; email?: string; role: OrganisationRole; by: string }>;
}

export const DEMO_ORGANISATIONS: DemoOrganisation[] = [
  {
    slug: 'harbour-lights-festival',
    name: 'Harbour Lights Festival',
    email: 'hello@harbourlights.test',
    website: 'https://harbourlights.example',
    phone: '+351 21 000 0000',
    city: 'lisbon',
    description:
      'A three-day riverside festival in Lisbon for emerging songwriters, bands and world music, with open calls every spring.',
    owner: 'maya',
    team: [{ member: 'lukas', role: 'admin' }],
    socialLinks: [
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/harbourlightsfest' },
      { type: 'FACEBOOK', url: 'https://www.facebook.com/harbourlightsfestival' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@harbourlights' },
    ],
    invitations: [
      { account: 'chloe', role: 'editor', by: 'maya' },
      { email: 'volunteers@harbourlights.test', role: 'member', by: 'lukas' },
    ],
  },
  {
    slug: 'klangwerk-vienna',
    name: 'Klangwerk Vienna',
    email: 'booking@klangwerk.test',
    website: 'https://klangwerk.example',
    phone: '+43 1 000 0000',
    city: 'vienna',
    description:
      'An intimate 200-seat venue for chamber music, jazz and new music, with a weekly residency programme.',
    owner: 'lukas',
    team: [],
    socialLinks: [{ type: 'SOUND_CLOUD', url: 'https://soundcloud.com/klangwerk-vienna' }],
    invitations: [],
  },
  {
    slug: 'nordic-sound-competition',
    name: 'Nordic Sound Competition',
    email: 'info@nordicsound.test',
    website: 'https://nordicsound.example',
    phone: '+46 8 000 000',
    city: 'stockholm',
    description:
      'An annual competition for composers and ensembles under 30, with prizes, recordings and a final concert.',
    owner: 'sofia',
    team: [{ member: 'maya', role: 'editor' }],
    socialLinks: [
      { type: 'LINKEDIN', url: 'https://www.linkedin.com/company/nordic-sound-competition' },
      { type: 'TWITTER', url: 'https://x.com/nordicsoundcomp' },
    ],
    invitations: [{ email: 'jury@nordicsound.test', role: 'member', by: 'sofia' }],
  },
  {
    slug: 'blue-room-records',
    name: 'Blue Room Records',
    email: 'demos@blueroom.test',
    website: 'https://blueroom.example',
    phone: '+44 20 0000 0000',
    city: 'london',
    description:
      'Independent label releasing jazz, soul and crossover records, looking for debut artists.',
    owner: 'daniel',
    team: [{ member: 'sofia', role: 'member' }],
    socialLinks: [{ type: 'INSTAGRAM', url: 'https://www.instagram.com/blueroomrecords' }],
    invitations: [],
  },
  ...MARKETPLACE_ORGANISATIONS,
];

export interface DemoProfile {
  genres: string[];
  instruments: Array<{
    instrument: string;
    skill_level: SkillLevel;
    type_slugs?: string[];
    style_slugs?: string[];
  }>;
  otherInstruments?: string[];
  userTypes: string[];
  gender?: Gender;
  phone?: string;
  allowContact: boolean;
  currency: string;
}

/** What the performers chose on their profiles (slugs of the lookups). */
export const DEMO_PROFILES: Record<string, DemoProfile> = {
  amira: {
    genres: ['jazz', 'world'],
    instruments: [
      { instrument: 'lead-vocals', skill_level: 'expert', style_slugs: ['jazz', 'world'] },
    ],
    otherInstruments: ['Oud'],
    userTypes: ['singer', 'songwriter'],
    gender: 'female',
    phone: '+961 1 234 567',
    allowContact: true,
    currency: 'EUR',
  },
  jonas: {
    genres: ['jazz', 'classical'],
    instruments: [
      { instrument: 'piano', skill_level: 'expert', type_slugs: ['grand'], style_slugs: ['jazz'] },
      { instrument: 'synthesizer', skill_level: 'intermediate', style_slugs: ['electronic'] },
    ],
    userTypes: ['instrumentalist', 'composer'],
    gender: 'male',
    allowContact: false,
    currency: 'SEK',
  },
  chloe: {
    genres: ['classical'],
    instruments: [{ instrument: 'cello', skill_level: 'advanced', style_slugs: ['classical'] }],
    userTypes: ['instrumentalist'],
    gender: 'female',
    allowContact: true,
    currency: 'EUR',
  },
  mateo: {
    genres: ['world', 'folk'],
    instruments: [
      {
        instrument: 'guitar',
        skill_level: 'expert',
        type_slugs: ['nylon'],
        style_slugs: ['world'],
      },
    ],
    userTypes: ['solo-artist', 'instrumentalist'],
    gender: 'male',
    phone: '+34 954 123 456',
    allowContact: true,
    currency: 'EUR',
  },
  velvet: {
    genres: ['rock', 'indie-rock', 'alternative'],
    instruments: [
      {
        instrument: 'guitar',
        skill_level: 'advanced',
        type_slugs: ['electric'],
        style_slugs: ['rock'],
      },
      {
        instrument: 'bass',
        skill_level: 'advanced',
        type_slugs: ['electric'],
        style_slugs: ['rock'],
      },
      {
        instrument: 'drum-kit',
        skill_level: 'advanced',
        type_slugs: ['acoustic'],
        style_slugs: ['rock'],
      },
      { instrument: 'lead-vocals', skill_level: 'advanced', style_slugs: ['rock'] },
    ],
    userTypes: ['band'],
    allowContact: true,
    currency: 'GBP',
  },
  kora: {
    genres: ['jazz', 'world'],
    instruments: [
      {
        instrument: 'saxophone',
        skill_level: 'expert',
        type_slugs: ['tenor'],
        style_slugs: ['jazz'],
      },
      { instrument: 'trumpet', skill_level: 'advanced', style_slugs: ['jazz'] },
    ],
    otherInstruments: ['Kora', 'Djembe'],
    userTypes: ['band', 'ensemble'],
    allowContact: true,
    currency: 'EUR',
  },
};

/** Premium features granted by the platform team. */
export const DEMO_PREMIUM: Record<string, PremiumFeature[]> = {
  kora: ['profile_badge', 'featured_profile'],
  amira: ['profile_badge'],
};

/** Performers who asked for an organiser account; the admin demo login decides them. */
export const DEMO_UPGRADE_REQUESTS = [
  {
    account: 'mateo',
    organisationName: 'Noches de Sevilla',
    website: 'https://nochesdesevilla.example',
    message:
      'I curate a monthly flamenco night in Seville and would like to publish open calls for guest guitarists and dancers.',
  },
  {
    account: 'velvet',
    organisationName: 'Tides Live',
    website: null,
    message:
      'We run a small showcase night for local bands in Brighton and want to take submissions.',
  },
] as const;

export interface DemoOpportunity {
  organisation: string;
  by: string;
  title: string;
  slug: string;
  summary: string;
  description: string;
  venue?: string;
  city?: DemoCityKey;
  timeZone: string;
  /** Days from the day the demo is seeded; the demo stays current whenever it is started. */
  deadlineInDays: number;
  startsInDays: number;
  lengthDays: number;
  /** Absent: a draft; 0: published now; more: scheduled that many days ahead. */
  publishInDays?: number;
  /** Published that many days before the seed, so the newest-first order means something. */
  publishedDaysAgo?: number;
  closedByHand?: boolean;
  types: OpportunityType[];
  genres: string[];
  instruments: string[];
  target: TargetUser[];
  experienceLevel: ProfessionalLevel[];
  languages: string[];
  isVirtual?: boolean;
  isWorldwide?: boolean;
  isPrivate?: boolean;
  approvalType: ApprovalType;
  videoLinks?: string[];
  paymentType: OpportunityPaymentType;
  externalPaymentUrl?: string;
  paymentOptions?: Array<{
    title: string;
    cost: number;
    currency: string;
    slots?: number;
    deadlineInDays?: number;
  }>;
  reviewers?: string[];
  /** Open invitations to review (demo account keys), answered from the invitee's list. */
  invitedReviewers?: string[];
}

export const DEMO_OPPORTUNITIES: DemoOpportunity[] = [
  {
    organisation: 'harbour-lights-festival',
    by: 'maya',
    title: 'Riverside Stage: open call for songwriters',
    slug: 'riverside-stage-open-call',
    summary: 'Twelve 30-minute slots on the riverside stage for emerging songwriters and duos.',
    description:
      '<p>Harbour Lights opens its <strong>riverside stage</strong> to twelve emerging songwriters.</p><ul><li>30-minute sets with in-house sound</li><li>Travel grant of €150 per act</li><li>Festival passes for two</li></ul><p>Send three songs and a short bio.</p>',
    venue: 'Cais do Sodré riverside stage',
    city: 'lisbon',
    timeZone: 'Europe/Lisbon',
    deadlineInDays: 30,
    startsInDays: 75,
    lengthDays: 3,
    publishInDays: 0,
    types: ['festival', 'open_call'],
    genres: ['folk', 'pop', 'world'],
    instruments: ['lead-vocals', 'guitar'],
    target: ['INDIVIDUALS', 'BANDS'],
    experienceLevel: ['amateur', 'semi_professional'],
    languages: ['en', 'pt'],
    approvalType: 'ON_REVIEW',
    videoLinks: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    paymentType: 'PAID_INTERNAL',
    paymentOptions: [
      { title: 'Early bird', cost: 1500, currency: 'EUR', slots: 40, deadlineInDays: 10 },
      { title: 'Regular', cost: 2500, currency: 'EUR' },
    ],
    reviewers: ['lukas'],
  },
  {
    organisation: 'harbour-lights-festival',
    by: 'maya',
    title: 'Songwriter circle at the lighthouse',
    slug: 'lighthouse-songwriter-circle',
    summary: 'Six songwriters share the lighthouse terrace for an evening of new songs.',
    description:
      '<p>An intimate round of <strong>new songs</strong> on the lighthouse terrace, three songs each, unplugged.</p><p>Tell us about yourself and send links to two songs.</p>',
    venue: 'Phare de Sainte-Marie terrace',
    city: 'marseille',
    timeZone: 'Europe/Paris',
    deadlineInDays: 20,
    startsInDays: 40,
    lengthDays: 1,
    publishInDays: 0,
    types: ['gig', 'showcase'],
    genres: ['folk', 'pop'],
    instruments: ['lead-vocals', 'guitar'],
    target: ['INDIVIDUALS'],
    experienceLevel: ['amateur', 'semi_professional'],
    languages: ['en', 'pt'],
    approvalType: 'ON_REVIEW',
    paymentType: 'FREE',
    reviewers: ['lukas'],
  },
  {
    organisation: 'harbour-lights-festival',
    by: 'maya',
    title: 'Late-night jazz club sessions',
    slug: 'late-night-jazz-club-sessions',
    summary: 'Trios and quartets for three late-night club sets during the festival.',
    description: '<p>Three late-night sets in the festival club. Backline provided.</p>',
    venue: 'Clube Harbour',
    city: 'lisbon',
    timeZone: 'Europe/Lisbon',
    deadlineInDays: 45,
    startsInDays: 76,
    lengthDays: 1,
    publishInDays: 7,
    types: ['gig'],
    genres: ['jazz'],
    instruments: ['piano', 'double-bass', 'drums'],
    target: ['BANDS'],
    experienceLevel: ['semi_professional', 'professional'],
    languages: ['en'],
    approvalType: 'ON_REVIEW',
    paymentType: 'FREE',
  },
  {
    organisation: 'harbour-lights-festival',
    by: 'lukas',
    title: 'Volunteer stage crew 2027',
    slug: 'volunteer-stage-crew-2027',
    summary: 'Stage hands and runners for the three festival days.',
    description: '<p>Work the stages with our crew; meals and passes included.</p>',
    city: 'lisbon',
    timeZone: 'Europe/Lisbon',
    deadlineInDays: 60,
    startsInDays: 75,
    lengthDays: 3,
    types: ['open_call'],
    genres: [],
    instruments: [],
    target: ['INDIVIDUALS'],
    experienceLevel: [],
    languages: ['en', 'pt'],
    approvalType: 'AUTO',
    paymentType: 'FREE',
  },
  {
    organisation: 'klangwerk-vienna',
    by: 'lukas',
    title: 'Klangwerk chamber residency',
    slug: 'klangwerk-chamber-residency',
    summary: 'A two-week residency for a chamber ensemble, ending in a concert.',
    description:
      '<p>Two weeks of rehearsal space, a fee of €2,000 and a closing concert in the 200-seat hall.</p>',
    venue: 'Klangwerk Hall',
    city: 'vienna',
    timeZone: 'Europe/Vienna',
    deadlineInDays: 21,
    startsInDays: 90,
    lengthDays: 14,
    publishInDays: 0,
    types: ['residency'],
    genres: ['classical', 'jazz'],
    instruments: ['violin', 'cello', 'piano'],
    target: ['BANDS'],
    experienceLevel: ['professional'],
    languages: ['de', 'en'],
    approvalType: 'ON_REVIEW',
    paymentType: 'FREE',
  },
  {
    organisation: 'nordic-sound-competition',
    by: 'sofia',
    title: 'Nordic Sound Competition 2027',
    slug: 'nordic-sound-competition-2027',
    summary: 'International competition for young bands, with a worldwide online first round.',
    description:
      '<p>First round online, finals in Stockholm. Prize: a recording session and a Nordic tour.</p>',
    timeZone: 'Europe/Stockholm',
    deadlineInDays: 40,
    startsInDays: 120,
    lengthDays: 2,
    publishInDays: 0,
    types: ['competition'],
    genres: ['rock', 'pop', 'electronic'],
    instruments: [],
    target: ['BANDS'],
    experienceLevel: ['amateur', 'semi_professional'],
    languages: ['en', 'sv'],
    isWorldwide: true,
    approvalType: 'ON_REVIEW',
    paymentType: 'PAID_INTERNAL',
    paymentOptions: [{ title: 'Entry fee', cost: 3000, currency: 'SEK' }],
    invitedReviewers: ['jonas'],
  },
  {
    organisation: 'blue-room-records',
    by: 'daniel',
    title: 'Debut EP sessions',
    slug: 'debut-ep-sessions',
    summary: 'Blue Room records and releases one debut EP; applications closed early.',
    description: '<p>A week at our London studio and a release on Blue Room Records.</p>',
    venue: 'Blue Room Studio',
    city: 'london',
    timeZone: 'Europe/London',
    deadlineInDays: 14,
    startsInDays: 60,
    lengthDays: 7,
    publishInDays: 0,
    closedByHand: true,
    types: ['recording'],
    genres: ['jazz', 'r-and-b-soul'],
    instruments: [],
    target: ['INDIVIDUALS', 'BANDS'],
    experienceLevel: ['amateur', 'semi_professional'],
    languages: ['en'],
    approvalType: 'ON_REVIEW',
    paymentType: 'PAID_EXTERNAL',
    externalPaymentUrl: 'https://blueroomrecords.example/pay',
    paymentOptions: [{ title: 'Session fee', cost: 4000, currency: 'GBP' }],
  },
  ...MARKETPLACE_OPPORTUNITIES,
];
