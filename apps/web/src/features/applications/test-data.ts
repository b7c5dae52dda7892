import type { MockLink } from '@apollo/client/testing';
import type {
  ApplicationDetailFieldsFragment,
  ApplicationFormFieldFieldsFragment,
  ApplicationMessageFieldsFragment,
  ApplicationStatusChangeFieldsFragment,
  ApplyFormFieldsFragment,
  ApplyOpportunityFieldsFragment,
  ProfileMeQuery,
} from '../../gql/graphql';

/** Mocked answers for the applications pages' tests (Apollo's cache needs `__typename`). */

type WithTypenames<T> = T extends readonly (infer U)[]
  ? WithTypenames<U>[]
  : T extends object
    ? { [K in keyof T]: WithTypenames<T[K]> } & { __typename: string }
    : T;

export type MockApplyOpportunity = WithTypenames<ApplyOpportunityFieldsFragment>;
export type MockApplication = WithTypenames<ApplicationDetailFieldsFragment>;
export type MockForm = WithTypenames<ApplyFormFieldsFragment>;
export type MockMessage = WithTypenames<ApplicationMessageFieldsFragment>;
type MockField = WithTypenames<ApplicationFormFieldFieldsFragment> & { child_fields: MockField[] };

const OUTSIDER = {
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

const organisation = {
  __typename: 'Organisation',
  id: 'org-1',
  slug: 'harbour-lights',
  name: 'Harbour Lights Festival',
  logo: null,
};

/** A free, open call for individuals, far ahead. */
export function makeApplyOpportunity(
  overrides: Partial<MockApplyOpportunity> = {},
): MockApplyOpportunity {
  return {
    __typename: 'Opportunity',
    id: 'opp-1',
    slug: 'riverside-stage',
    title: 'Riverside Stage: open call',
    time_zone: 'Europe/Lisbon',
    deadline_date: '2099-05-01 17:30:00',
    publish_at: '2026-01-01 09:00:00',
    is_open: true,
    opp_status: 'PUBLISHED',
    is_paid: false,
    payment_type: 'FREE',
    external_payment_url: null,
    approval_type: 'ON_REVIEW',
    target: ['INDIVIDUALS'],
    time_visibility: { __typename: 'TimeVisibility', deadline_time: true },
    organisation,
    logo: null,
    payment_options: [],
    viewerCan: OUTSIDER,
    ...overrides,
  };
}

export const PAYMENT_OPTION = {
  __typename: 'PaymentOption',
  id: 'po-1',
  code: 'regular',
  title: 'Regular',
  description: null,
  cost: 2500,
  currency: 'EUR',
  slots: null,
  deadline_date: null,
  local_deadline_date: null,
};

let nextField = 0;
export function formField(
  spec: Partial<MockField> & Pick<MockField, 'type' | 'slug' | 'label'>,
): MockField {
  nextField += 1;
  return {
    __typename: 'FormField',
    id: `field-${nextField}`,
    subtype: null,
    order: nextField,
    is_required: false,
    is_multiple: false,
    choices: [],
    min_length: null,
    max_length: null,
    file_size: null,
    file_count: null,
    accept: [],
    child_fields: [],
    ...spec,
  };
}

/** The fixed questions of a person's form and one of the organiser's own. */
export function makeForm(overrides: Partial<MockForm> = {}): MockForm {
  return {
    __typename: 'ApplicationForm',
    id: 'form-1',
    type: 'INDIVIDUAL',
    is_active: true,
    is_skipped: false,
    max_members: null,
    supported_languages: [],
    terms: 'Bring your own instrument.',
    fields: [
      formField({
        type: 'text_field',
        subtype: 'text',
        slug: 'full_name',
        label: 'Full name',
        is_required: true,
      }),
      formField({ type: 'email', slug: 'email', label: 'Email', is_required: true }),
      formField({ type: 'location', slug: 'address', label: 'Address', is_required: true }),
      formField({
        type: 'text_field',
        subtype: 'textarea',
        slug: 'bio',
        label: 'About your music',
        is_required: true,
      }),
    ],
    ...overrides,
  };
}

export function makeMe(): WithTypenames<ProfileMeQuery['me']> {
  const portugal = { __typename: 'Country', code: 'PT', name: 'Portugal' };
  return {
    __typename: 'User',
    id: 'user-1',
    name: 'Ana Silva',
    email: 'ana@example.com',
    locale: 'en',
    selected_type: 'INDIVIDUAL',
    other_instruments: [],
    types: [],
    dob: null,
    about: null,
    professional_level: null,
    phone: null,
    gender: null,
    is_verified: true,
    created_at: '2026-01-01 10:00:00',
    avatar: null,
    role: { __typename: 'Role', name: 'performer', display_name: 'Performer' },
    genres: [],
    instruments: [],
    user_types: [],
    city: { __typename: 'City', id: '2267057', name: 'Lisbon', country: portugal },
    country: portugal,
    settings: { __typename: 'UserSettings', cur_pref: null, lang_pref: null, allow_contact: true },
  };
}

export const APPLICANT_CAN = {
  __typename: 'ApplicationViewerCan',
  edit: true,
  withdraw: true,
  message: true,
  rate: false,
  comment: false,
  change_status: false,
};

function element(
  slug: string,
  label: string,
  type: string,
  value: unknown,
  files: MockApplication['elements'][number]['files'] = [],
) {
  return {
    __typename: 'ApplicationElement',
    field_name: label,
    slug,
    type,
    subtype: null,
    value,
    files,
    child_elements: [],
  };
}

export const ANSWERS = {
  full_name: 'Ana Silva',
  email: 'ana@example.com',
  address: { label: 'Lisbon, Portugal', city_id: '2267057', country_code: 'PT' },
  bio: 'Fado with a loop pedal.',
};

/** Ana's submitted application, with a recording. */
export function makeApplication(overrides: Partial<MockApplication> = {}): MockApplication {
  return {
    __typename: 'Application',
    id: 'app-1',
    code: 'HLF-7K3M9Q',
    status: 'SUBMITTED',
    payment_status: null,
    form_type: 'INDIVIDUAL',
    created_at: '2027-04-01 10:00:00',
    updated_at: '2027-04-02 10:00:00',
    submitted_at: '2027-04-02 10:00:00',
    viewer_can: APPLICANT_CAN,
    opportunity: {
      __typename: 'Opportunity',
      id: 'opp-1',
      slug: 'riverside-stage',
      title: 'Riverside Stage: open call',
      time_zone: 'Europe/Lisbon',
      deadline_date: '2099-05-01 17:30:00',
      payment_type: 'FREE',
      external_payment_url: null,
      organisation,
    },
    name: 'Ana Silva',
    email: 'ana@example.com',
    artist_name: null,
    address: 'Lisbon, Portugal',
    answers: ANSWERS,
    elements: [
      element('full_name', 'Full name', 'text_field', ANSWERS.full_name),
      element('email', 'Email', 'email', ANSWERS.email),
      element('address', 'Address', 'location', ANSWERS.address),
      element('bio', 'About your music', 'text_field', ANSWERS.bio),
      element(
        'demo',
        'Demo',
        'audio',
        ['f-1'],
        [
          {
            __typename: 'File',
            id: 'f-1',
            name: 'demo.mp3',
            mime_type: 'audio/mpeg',
            size: 2_400_000,
            url: '/files/f-1',
            thumb: null,
          },
        ],
      ),
    ],
    ...overrides,
  };
}

export function statusChange(
  id: string,
  from: ApplicationStatusChangeFieldsFragment['from_status'],
  to: ApplicationStatusChangeFieldsFragment['to_status'],
  created_at: string,
  actor_name: string | null,
): WithTypenames<ApplicationStatusChangeFieldsFragment> {
  return {
    __typename: 'ApplicationStatusChange',
    id,
    from_status: from,
    to_status: to,
    created_at,
    actor_name,
  };
}

export function makeMessage(
  overrides: Partial<MockMessage> & Pick<MockMessage, 'id'>,
): MockMessage {
  return {
    __typename: 'ApplicationMessage',
    message: 'Hello',
    status: 'PENDING',
    created_at: '2027-04-03 10:00:00',
    seen_at: null,
    from_organisation: false,
    is_mine: true,
    sender_name: 'Ana Silva',
    sender_avatar: null,
    ...overrides,
  };
}

/** The paginator of /applications' query. */
export function listPageInfo(currentPage: number, lastPage: number, total: number) {
  return {
    __typename: 'PaginatorInfo',
    count: Math.min(10, Math.max(0, total - (currentPage - 1) * 10)),
    currentPage,
    lastPage,
    perPage: 10,
    total,
  };
}

/** The paginator of the messages' query. */
export function messagePageInfo(currentPage: number, lastPage: number, total: number) {
  return {
    __typename: 'PaginatorInfo',
    currentPage,
    lastPage,
    hasMorePages: currentPage < lastPage,
    total,
  };
}

export type Mock = MockLink.MockedResponse;
