import type { OpportunityQuery } from '../../../gql/graphql';

/** Generated result types leave `__typename` out; Apollo's cache needs it in mocked answers. */
type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;

export type MockOpportunity = WithTypenames<NonNullable<OpportunityQuery['opportunity']>>;
type ViewerCan = MockOpportunity['viewerCan'];

export const OUTSIDER: ViewerCan = {
  __typename: 'OpportunityViewerCan',
  view_team: false,
  update: false,
  change_status: false,
  delete: false,
  duplicate: false,
  manage_team: false,
  manage_applications: false,
  manage_payments: false,
  rate: false,
  comment: false,
};

export const MANAGER: ViewerCan = {
  __typename: 'OpportunityViewerCan',
  view_team: true,
  update: true,
  change_status: true,
  delete: true,
  duplicate: true,
  manage_team: true,
  manage_applications: true,
  manage_payments: true,
  rate: true,
  comment: true,
};

const portugal = { __typename: 'Country', code: 'PT', name: 'Portugal' };

function picture(id: string): MockOpportunity['gallery'][number] {
  return {
    __typename: 'File',
    id,
    name: `${id}.webp`,
    url: `/files/${id}`,
    thumb: `/files/${id}/thumb`,
    placeholder: null,
    mime_type: 'image/webp',
    width: 1200,
    height: 800,
  };
}

/** A published opportunity in Lisbon with two prices, a video and two pictures, far ahead. */
export function makeOpportunity(overrides: Partial<MockOpportunity> = {}): MockOpportunity {
  return {
    __typename: 'Opportunity',
    id: 'opp-1',
    slug: 'riverside-stage',
    title: 'Riverside Stage: open call',
    summary: 'Twelve slots for songwriters.',
    description: '<p>Send <strong>three songs</strong>.</p>',
    types: ['festival', 'open_call'],
    opp_status: 'PUBLISHED',
    is_open: true,
    is_draft: false,
    is_private: false,
    is_virtual: false,
    is_worldwide: false,
    is_paid: true,
    payment_type: 'PAID_INTERNAL',
    approval_type: 'ON_REVIEW',
    blind_review: false,
    external_payment_url: null,
    time_zone: 'Europe/Lisbon',
    deadline_date: '2099-05-01 17:30:00',
    start_date: '2099-06-10 18:00:00',
    end_date: '2099-06-12 23:00:00',
    publish_at: '2026-01-01 09:00:00',
    created_at: '2026-01-01 08:00:00',
    local_dates: {
      __typename: 'OpportunityLocalDates',
      deadline_date: '2099-05-01 18:30:00',
      start_date: '2099-06-10 19:00:00',
      end_date: '2099-06-13 00:00:00',
      publish_at: '2026-01-01 09:00:00',
      answer_by_date: null,
    },
    answer_by_date: null,
    time_visibility: {
      __typename: 'TimeVisibility',
      start_time: true,
      end_time: true,
      deadline_time: false,
    },
    distance: null,
    venue: 'Cais do Sodré stage',
    street: 'Rua Nova 1',
    location: { __typename: 'GeoPoint', latitude: 38.706, longitude: -9.144 },
    city: {
      __typename: 'City',
      id: '2267057',
      name: 'Lisbon',
      latitude: 38.7167,
      longitude: -9.1333,
      country: portugal,
    },
    country: portugal,
    organisation: {
      __typename: 'Organisation',
      id: 'org-1',
      slug: 'harbour-lights',
      name: 'Harbour Lights Festival',
      logo: null,
    },
    logo: null,
    genres: [{ __typename: 'Genre', id: 'g-1', slug: 'folk', name: 'Folk' }],
    instruments: [{ __typename: 'Instrument', id: 'i-1', slug: 'guitar', name: 'Guitar' }],
    target: ['INDIVIDUALS', 'BANDS'],
    experience_level: ['amateur'],
    languages: ['en', 'pt'],
    target_countries: [],
    min_age: 18,
    max_age: null,
    media: [],
    gallery: [picture('p-1'), picture('p-2')],
    video_links: [
      {
        __typename: 'VideoLink',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    ],
    payment_options: [
      {
        __typename: 'PaymentOption',
        id: 'po-1',
        code: 'early',
        title: 'Early bird',
        description: null,
        cost: 1500,
        currency: 'EUR',
        slots: 40,
        deadline_date: '2099-04-01 12:00:00',
        local_deadline_date: '2099-04-01 13:00:00',
      },
      {
        __typename: 'PaymentOption',
        id: 'po-2',
        code: 'regular',
        title: 'Regular',
        description: 'Until the deadline.',
        cost: 2500,
        currency: 'EUR',
        slots: null,
        deadline_date: null,
        local_deadline_date: null,
      },
    ],
    opp_role: null,
    viewerCan: OUTSIDER,
    ...overrides,
  };
}
