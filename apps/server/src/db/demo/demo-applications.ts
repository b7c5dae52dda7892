import {
  applicationFormSchema,
  type Answers,
  type ApplicationStatus,
  type FormField,
  type FormType,
  type PaymentStatus,
} from '@encore/core';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { applicationCode } from '../../modules/applications/applications.code';
import {
  applicationComments,
  applicationMessages,
  applicationReviews,
  applicationStatusChanges,
  applications,
} from '../../modules/applications/applications.table';
import { DEFAULT_FORM_SECTIONS } from '../../modules/lookups/form-sections.data';
import { applicationForms } from '../../modules/forms/forms.table';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import { users } from '../../modules/users/users.table';
import { DEMO_ACCOUNTS, DEMO_CITIES } from './demo-data';

const day = 24 * 60 * 60 * 1000;

/** The songwriter circle asks more than the fixed fields: a bio, two song links and a slot. */
const SONGWRITER_FIELDS: Array<Partial<FormField> & Pick<FormField, 'type' | 'slug' | 'label'>> = [
  { type: 'heading', subtype: 'h4', slug: 'about_heading', label: 'About you and your songs' },
  {
    type: 'text_field',
    subtype: 'textarea',
    slug: 'bio',
    label: 'Short bio',
    is_required: true,
    min_length: 40,
    max_length: 800,
  },
  {
    type: 'link',
    subtype: 'multiple_urls',
    slug: 'songs',
    label: 'Links to two songs',
    is_required: true,
    is_multiple: true,
  },
  {
    type: 'list',
    subtype: 'radio',
    slug: 'slot',
    label: 'Preferred slot',
    choices: ['Early evening', 'Sunset', 'Late'],
    is_required: true,
  },
  { type: 'toggle', slug: 'own_songs', label: 'All songs are my own', is_required: true },
];

function songwriterForm() {
  const fixed = DEFAULT_FORM_SECTIONS.INDIVIDUALS.flatMap((section) => section.fields);
  const fields = [...fixed, ...SONGWRITER_FIELDS].map((field, order) => ({
    ...field,
    id: `demo-songwriter-${field.slug}`,
    order,
    child_fields: [],
  }));
  return applicationFormSchema.parse({
    type: 'INDIVIDUAL',
    fields,
    terms: 'Selected songwriters play for a festival pass and a travel grant of €100.',
    supported_languages: ['en', 'pt'],
  });
}

export function bandForm() {
  const fields = DEFAULT_FORM_SECTIONS.BANDS.flatMap((section) => section.fields).map(
    (field, order) => ({
      ...field,
      id: `demo-band-${field.slug}`,
      order,
      child_fields: field.child_fields.map((child) => ({
        ...child,
        id: `demo-band-member-${child.slug}`,
      })),
    }),
  );
  return applicationFormSchema.parse({ type: 'GENERAL', fields, max_members: 6 });
}

interface DemoApplication {
  opportunity: string;
  applicant: string;
  formType: FormType;
  status: ApplicationStatus;
  paymentStatus?: PaymentStatus;
  answers: Answers;
  appliedDaysAgo: number;
  /** Reviewer account keys and their ratings. */
  ratings?: Record<string, number>;
  /** `note: true` keeps it with the record (is_comment false) rather than in the discussion. */
  comments?: Array<{ by: string; content: string; note?: boolean }>;
  /** `team: true` marks the organisation's side. */
  messages?: Array<{ by: string; team: boolean; message: string; seen: boolean }>;
}

const lisbon = DEMO_CITIES.lisbon;
const address = (label: string) => ({
  label,
  city_id: lisbon.id,
  country_code: lisbon.countryCode,
});

const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    opportunity: 'lighthouse-songwriter-circle',
    applicant: 'amira',
    formType: 'INDIVIDUAL',
    status: 'ACCEPTED',
    appliedDaysAgo: 6,
    answers: {
      bio: 'Singer-songwriter from Porto writing bilingual folk songs about the sea and leaving home.',
      songs: ['https://soundcloud.com/amira-demo/salt', 'https://soundcloud.com/amira-demo/tide'],
      slot: 'Sunset',
      own_songs: true,
    },
    ratings: { maya: 5, lukas: 4 },
    comments: [
      { by: 'lukas', content: 'Lovely voice; "Salt" would open the evening well.' },
      {
        by: 'maya',
        content: 'Fee of €150 agreed by phone; she plays the sunset slot on Saturday.',
        note: true,
      },
    ],
    messages: [
      {
        by: 'maya',
        team: true,
        message: 'Welcome to the circle! Soundcheck is at 17:30; can you bring your own guitar?',
        seen: true,
      },
      {
        by: 'amira',
        team: false,
        message: 'Thank you so much! Yes, I will bring my guitar and a capo.',
        seen: false,
      },
    ],
  },
  {
    opportunity: 'lighthouse-songwriter-circle',
    applicant: 'jonas',
    formType: 'INDIVIDUAL',
    status: 'SHORTLISTED',
    appliedDaysAgo: 5,
    answers: {
      bio: 'Berlin-based piano songwriter; two EPs of quiet, word-heavy pop and a lot of touring.',
      songs: ['https://soundcloud.com/jonas-demo/paper', 'https://soundcloud.com/jonas-demo/north'],
      slot: 'Late',
      own_songs: true,
    },
    ratings: { maya: 4, lukas: 5 },
  },
  {
    opportunity: 'lighthouse-songwriter-circle',
    applicant: 'chloe',
    formType: 'INDIVIDUAL',
    status: 'IN_REVIEW',
    appliedDaysAgo: 3,
    answers: {
      bio: 'Folk fiddler and singer from Lyon, writing story songs with a small loop pedal.',
      songs: [
        'https://soundcloud.com/chloe-demo/harbour',
        'https://soundcloud.com/chloe-demo/rain',
      ],
      slot: 'Early evening',
      own_songs: true,
    },
    ratings: { lukas: 3 },
    comments: [
      { by: 'lukas', content: 'Strong writing; check whether the loop pedal suits the terrace.' },
    ],
  },
  {
    opportunity: 'lighthouse-songwriter-circle',
    applicant: 'mateo',
    formType: 'INDIVIDUAL',
    status: 'SUBMITTED',
    appliedDaysAgo: 1,
    answers: {
      bio: 'Madrid singer-songwriter with nylon-string guitar, between bossa and indie pop.',
      songs: ['https://soundcloud.com/mateo-demo/luz', 'https://soundcloud.com/mateo-demo/mar'],
      slot: 'Sunset',
      own_songs: true,
    },
  },
  {
    opportunity: 'klangwerk-chamber-residency',
    applicant: 'velvet',
    formType: 'GENERAL',
    status: 'SUBMITTED',
    appliedDaysAgo: 4,
    answers: {
      artist_name: 'The Velvet Tides',
      group_members: [
        { full_name: 'Ines Duarte', gender: 'female', instruments: ['lead-vocals'] },
        { full_name: 'Rui Costa', gender: 'male', instruments: ['drums'], back_vocals: true },
      ],
    },
  },
  {
    opportunity: 'klangwerk-chamber-residency',
    applicant: 'kora',
    formType: 'GENERAL',
    status: 'DECLINED',
    appliedDaysAgo: 9,
    answers: {
      artist_name: 'Kora Collective',
      group_members: [{ full_name: 'Awa Diallo', gender: 'female', instruments: ['kora'] }],
    },
    messages: [
      {
        by: 'lukas',
        team: true,
        message:
          'Thank you for applying. The residency is full this year; we would love to hear from you next season.',
        seen: true,
      },
    ],
  },
  {
    opportunity: 'riverside-stage-open-call',
    applicant: 'amira',
    formType: 'INDIVIDUAL',
    status: 'DRAFT',
    paymentStatus: 'REQUIRES_CREATION',
    appliedDaysAgo: 2,
    answers: {},
  },
];

/** The path each demo status took, in order. */
const PATHS: Record<ApplicationStatus, ApplicationStatus[]> = {
  DRAFT: ['DRAFT'],
  SUBMITTED: ['DRAFT', 'SUBMITTED'],
  IN_REVIEW: ['DRAFT', 'SUBMITTED', 'IN_REVIEW'],
  SHORTLISTED: ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'SHORTLISTED'],
  ACCEPTED: ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'SHORTLISTED', 'ACCEPTED'],
  DECLINED: ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'DECLINED'],
  WITHDRAWN: ['DRAFT', 'SUBMITTED', 'WITHDRAWN'],
};

/**
 * Forms, applications in every review state, ratings, comments and messages on the demo
 * opportunities, so the dashboard and the applicant's pages show their work on first start.
 */
export async function seedDemoApplications(db: Database): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(applications);
  if ((existing?.value ?? 0) > 0) return false;
  const slugs = [...new Set(DEMO_APPLICATIONS.map((demo) => demo.opportunity))];
  const rows = await db
    .select({
      id: opportunities.id,
      slug: opportunities.slug,
      title: opportunities.title,
      organisationId: opportunities.organisationId,
    })
    .from(opportunities)
    .where(inArray(opportunities.slug, slugs));
  if (rows.length !== slugs.length) return false;
  const accounts = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users);
  const byKey = (key: string) => {
    const email = DEMO_ACCOUNTS.find((demo) => demo.key === key)?.email;
    const account = accounts.find((candidate) => candidate.email === email);
    if (!account) throw new Error(`demo applications name an unknown account: ${key}`);
    return account;
  };
  const forms = {
    INDIVIDUAL: songwriterForm(),
    GENERAL: bandForm(),
  } satisfies Record<FormType, ReturnType<typeof applicationFormSchema.parse>>;

  await db.transaction(async (tx) => {
    const formIds = new Map<string, string>();
    for (const row of rows) {
      const type: FormType = row.slug === 'klangwerk-chamber-residency' ? 'GENERAL' : 'INDIVIDUAL';
      if (row.slug === 'riverside-stage-open-call') continue;
      const form = forms[type];
      const [saved] = await tx
        .insert(applicationForms)
        .values({
          opportunityId: row.id,
          type,
          fields: form.fields,
          terms: form.terms,
          supportedLanguages: form.supported_languages,
          maxMembers: form.max_members,
        })
        .returning({ id: applicationForms.id });
      formIds.set(row.slug, saved!.id);
    }
    const now = Date.now();
    for (const demo of DEMO_APPLICATIONS) {
      const opportunity = rows.find((row) => row.slug === demo.opportunity)!;
      const applicant = byKey(demo.applicant);
      const form = demo.formType === 'GENERAL' ? forms.GENERAL : songwriterForm();
      const fields =
        demo.opportunity === 'riverside-stage-open-call' ? defaultFields() : form.fields;
      const identity = {
        full_name: applicant.name,
        email: applicant.email,
        address: address('Lisbon, Portugal'),
      };
      const answers: Answers = { ...identity, ...demo.answers };
      const applied = new Date(now - demo.appliedDaysAgo * day);
      const [application] = await tx
        .insert(applications)
        .values({
          code: applicationCode(opportunity.title),
          opportunityId: opportunity.id,
          userId: applicant.id,
          formId: formIds.get(demo.opportunity) ?? null,
          formType: demo.formType,
          formSnapshot: fields,
          answers,
          status: demo.status,
          paymentStatus: demo.paymentStatus ?? null,
          name: applicant.name,
          email: applicant.email,
          artistName: typeof answers.artist_name === 'string' ? answers.artist_name : null,
          address: 'Lisbon, Portugal',
          submittedAt: demo.status === 'DRAFT' ? null : applied,
          decidedAt: ['ACCEPTED', 'DECLINED'].includes(demo.status) ? new Date(now - day) : null,
          createdAt: applied,
          updatedAt: applied,
        })
        .returning({ id: applications.id });
      const applicationId = application!.id;
      await recordPath(
        tx,
        applicationId,
        PATHS[demo.status],
        applicant.id,
        byKey('maya').id,
        applied,
      );
      const ratings = Object.entries(demo.ratings ?? {});
      if (ratings.length > 0) {
        await tx.insert(applicationReviews).values(
          ratings.map(([reviewer, rate]) => ({
            applicationId,
            userId: byKey(reviewer).id,
            rate,
          })),
        );
        await tx
          .update(applications)
          .set({
            ratingTotal: ratings.reduce((sum, [, rate]) => sum + rate, 0),
            ratingCount: ratings.length,
          })
          .where(eq(applications.id, applicationId));
      }
      for (const comment of demo.comments ?? []) {
        await tx.insert(applicationComments).values({
          applicationId,
          userId: byKey(comment.by).id,
          content: comment.content,
          isComment: !comment.note,
        });
      }
      for (const [index, message] of (demo.messages ?? []).entries()) {
        const sentAt = new Date(now - day + index * 60 * 60 * 1000);
        await tx.insert(applicationMessages).values({
          applicationId,
          senderId: byKey(message.by).id,
          fromOrganisation: message.team,
          message: message.message,
          status: message.seen ? 'SENT' : 'PENDING',
          seenAt: message.seen ? new Date(sentAt.getTime() + 30 * 60 * 1000) : null,
          createdAt: sentAt,
        });
      }
    }
  });
  return true;
}

export function defaultFields(): FormField[] {
  return DEFAULT_FORM_SECTIONS.INDIVIDUALS.flatMap((section) => section.fields).map(
    (field, order) => ({
      ...field,
      id: `demo-default-${field.slug}`,
      order,
      min_length: null,
      max_length: null,
      file_size: null,
      file_count: null,
      accept: [],
      child_fields: [],
    }),
  );
}

export async function recordPath(
  tx: Executor,
  applicationId: string,
  path: ApplicationStatus[],
  applicantId: string,
  organiserId: string,
  applied: Date,
) {
  for (const [index, status] of path.entries()) {
    await tx.insert(applicationStatusChanges).values({
      applicationId,
      fromStatus: index === 0 ? null : path[index - 1]!,
      toStatus: status,
      actorId: index <= 1 ? applicantId : organiserId,
      createdAt: new Date(applied.getTime() + index * 60 * 60 * 1000),
    });
  }
}
