import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { seedDemo } from '../../db/demo/seed-demo';

let server: TestServer;
let seeded: boolean;

beforeAll(async () => {
  server = await startTestServer();
  // The demo data goes in first (it only seeds an empty database) and is checked below.
  seeded = await seedDemo(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const PROFILE_FIELDS = /* GraphQL */ `
  id name email about dob gender phone professional_level other_instruments types locale
  genres { slug name }
  instruments { instrument { slug name } skill_level type_slugs style_slugs }
  user_types { slug name category { slug } }
  city { id name country { code } }
  country { code name }
  location { lat long }
  settings { cur_pref lang_pref allow_contact }
  avatar { id name path thumb placeholder }
`;

interface Profile {
  id: string;
  name: string;
  email: string | null;
  about: string | null;
  dob: string | null;
  gender: string | null;
  phone: string | null;
  professional_level: string | null;
  other_instruments: string[];
  types: string[];
  locale: string;
  genres: Array<{ slug: string; name: string }>;
  instruments: Array<{
    instrument: { slug: string; name: string };
    skill_level: string | null;
    type_slugs: string[];
    style_slugs: string[];
  }>;
  user_types: Array<{ slug: string; name: string; category: { slug: string } }>;
  city: { id: string; name: string; country: { code: string } } | null;
  country: { code: string; name: string } | null;
  location: { lat: number; long: number } | null;
  settings: { cur_pref: string | null; lang_pref: string | null; allow_contact: boolean } | null;
  avatar: {
    id: string;
    name: string;
    path: string;
    thumb: string | null;
    placeholder: string | null;
  } | null;
}

const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { ${PROFILE_FIELDS} } }`;
const me = (account: TestAccount) =>
  server.graphql<{ me: Profile }>(`{ me { ${PROFILE_FIELDS} } }`, undefined, account.headers);
const userById = (id: string, headers: Record<string, string> = {}) =>
  server.graphql<{ user: Profile }>(
    `query($id: ID!) { user(id: $id) { ${PROFILE_FIELDS} } }`,
    { id },
    headers,
  );
const update = (account: TestAccount, input: Record<string, unknown>) =>
  server.graphql<{ updateProfile: Profile }>(UPDATE, { input }, account.headers);

async function cityId(query: string, countryCode: string) {
  const response = await server.graphql<{
    filterCities: Array<{ id: string; country: { code: string } }>;
  }>('query($query: String!) { filterCities(query: $query) { id country { code } } }', { query });
  const city = response.body.data!.filterCities.find(
    (candidate) => candidate.country.code === countryCode,
  );
  if (!city) throw new Error(`no city ${query} in ${countryCode}`);
  return city.id;
}

async function uploadAvatar(account: TestAccount, bytes: Buffer, name = 'me.png') {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { id } }',
      variables: { input: { file: null, purpose: 'AVATAR' } },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.append('0', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { ...account.headers, 'graphql-preflight': '1' },
    body: form,
  });
  const body = (await response.json()) as { data?: { uploadFile: { id: string } } };
  return body.data!.uploadFile.id;
}

describe('updateProfile', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await registerAccount(server, { name: 'Nina Simone' });
  });

  it('refuses a stranger', async () => {
    const response = await server.graphql(UPDATE, { input: { about: 'Hi' } });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('saves every field of the profile and answers with names from the lookups', async () => {
    const paris = await cityId('Paris', 'FR');
    const response = await update(account, {
      name: 'Nina Simone',
      about: 'Pianist and singer.',
      dob: '1990-02-21',
      professional_level: 'professional',
      gender: 'female',
      phone: '+33 1 23 45 67 89',
      city_id: paris,
      genres: ['jazz', 'r-and-b-soul', 'jazz'],
      instruments: [
        {
          instrument: 'piano',
          skill_level: 'expert',
          type_slugs: ['grand'],
          style_slugs: ['jazz'],
        },
        { instrument: 'lead-vocals', skill_level: 'advanced' },
      ],
      other_instruments: ['Kalimba (homemade)'],
      user_types: ['singer-songwriter', 'composer'],
      settings: { cur_pref: 'eur', lang_pref: 'FR', allow_contact: false },
      locale: 'fr',
    });
    expect(response.body.errors).toBeUndefined();
    const profile = (await me(account)).body.data!.me;
    expect(profile).toMatchObject({
      about: 'Pianist and singer.',
      dob: '1990-02-21',
      professional_level: 'professional',
      gender: 'female',
      phone: '+33 1 23 45 67 89',
      other_instruments: ['Kalimba (homemade)'],
      types: ['singer-songwriter', 'composer'],
      locale: 'fr',
      city: { id: paris, name: 'Paris', country: { code: 'FR' } },
      country: { code: 'FR' },
      settings: { cur_pref: 'EUR', lang_pref: 'fr', allow_contact: false },
    });
    expect(profile.genres.map((genre) => genre.slug)).toEqual(['jazz', 'r-and-b-soul']);
    expect(profile.instruments).toEqual([
      {
        instrument: { slug: 'piano', name: 'Piano' },
        skill_level: 'expert',
        type_slugs: ['grand'],
        style_slugs: ['jazz'],
      },
      {
        instrument: { slug: 'lead-vocals', name: expect.any(String) },
        skill_level: 'advanced',
        type_slugs: [],
        style_slugs: [],
      },
    ]);
    expect(profile.user_types.map((type) => type.slug)).toEqual(['singer-songwriter', 'composer']);
    expect(profile.location!.lat).toBeCloseTo(48.85, 1);
  });

  it('changes only what is given, and null clears a field', async () => {
    const response = await update(account, { about: null, genres: ['blues'], phone: null });
    expect(response.body.errors).toBeUndefined();
    const profile = (await me(account)).body.data!.me;
    expect(profile.about).toBeNull();
    expect(profile.phone).toBeNull();
    expect(profile.genres.map((genre) => genre.slug)).toEqual(['blues']);
    expect(profile.gender).toBe('female');
    expect(profile.instruments).toHaveLength(2);
  });

  it('reports every problem at once, naming each field, and writes nothing', async () => {
    const before = (await me(account)).body.data!.me;
    const response = await update(account, {
      name: 'Nina S.',
      dob: '2030-01-01',
      phone: 'call me',
      gender: 'unknown',
      genres: ['jazz', 'no-such-genre'],
      instruments: [{ instrument: 'piano', type_slugs: ['electric', 'nylon'] }],
      user_types: ['wizard'],
      city_id: '999999999',
      settings: { cur_pref: 'XYZ' },
    });
    const error = response.body.errors?.[0];
    expect(error?.extensions?.category).toBe('validation');
    const validation = error?.extensions?.validation as Record<string, string[]>;
    expect(validation).toMatchObject({
      'input.dob': ['The date of birth must be after 1900, and you must be at least 13 years old.'],
      'input.phone': ['The phone number must be a phone number, such as +44 20 7946 0958.'],
      'input.settings.cur_pref': ['The preferred currency must be a currency code, such as EUR.'],
    });
    expect(validation['input.gender']).toHaveLength(1);
    // Lookup checks run once the shape is right.
    const lookupProblems = await update(account, {
      genres: ['jazz', 'no-such-genre'],
      instruments: [{ instrument: 'piano', type_slugs: ['electric', 'nylon'] }],
      user_types: ['wizard'],
      city_id: '999999999',
    });
    expect(lookupProblems.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.genres.1': ['One of the selected genres is not in our list.'],
      'input.instruments.0.type_slugs.1': [
        'One of the selected instrument kinds is not in our list.',
      ],
      'input.user_types.0': ['One of the selected user types is not in our list.'],
      'input.city_id': ['The selected city is not in our list of cities.'],
    });
    expect((await me(account)).body.data!.me).toEqual(before);
  });

  it('refuses a city and a country that do not match', async () => {
    const berlin = await cityId('Berlin', 'DE');
    const response = await update(account, { city_id: berlin, country_code: 'FR' });
    expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.country_code': ['The country does not match the country of the city.'],
    });
  });

  it('takes a country without a city', async () => {
    const response = await update(account, { city_id: null, country_code: 'pt' });
    expect(response.body.errors).toBeUndefined();
    const profile = response.body.data!.updateProfile;
    expect(profile.city).toBeNull();
    expect(profile.country?.code).toBe('PT');
    expect(profile.location).not.toBeNull();
  });

  it('sets a public profile picture with a thumbnail and a placeholder', async () => {
    const png = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#1565c0' },
    })
      .png()
      .toBuffer();
    const fileId = await uploadAvatar(account, png);
    const response = await update(account, { avatar_file_id: fileId });
    expect(response.body.errors).toBeUndefined();
    const avatar = response.body.data!.updateProfile.avatar!;
    expect(avatar).toMatchObject({ id: fileId, name: 'me.png', path: `/files/${fileId}` });
    expect(avatar.thumb).toBe(`/files/${fileId}/thumb`);
    expect(avatar.placeholder).toMatch(/^data:image\/webp;base64,/);
    // Anyone may load a profile picture.
    const anonymous = await fetch(`${server.url}/files/${fileId}/thumb`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('image/webp');
  });

  it("refuses someone else's upload as a profile picture", async () => {
    const other = await registerAccount(server);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const theirs = await uploadAvatar(other, png);
    const response = await update(account, { avatar_file_id: theirs });
    expect(response.body.errors?.[0]?.extensions?.validation).toEqual({
      'input.avatar_file_id': ['The profile picture must be a picture you uploaded.'],
    });
  });
});

describe('user(id): the public profile', () => {
  let owner: TestAccount;
  let viewer: TestAccount;
  beforeAll(async () => {
    owner = await registerAccount(server, { name: 'Django Reinhardt' });
    viewer = await registerAccount(server);
    await update(owner, {
      dob: '1980-01-23',
      gender: 'male',
      phone: '+32 2 555 12 12',
      about: 'Gypsy jazz guitarist.',
      genres: ['jazz'],
      city_id: await cityId('Brussels', 'BE'),
      country_code: 'BE',
      settings: { allow_contact: true, cur_pref: 'EUR' },
    });
  });

  it('needs a signed-in viewer', async () => {
    const response = await userById(owner.id);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows the public profile to anyone signed in, never where the person lives, how to reach them or private fields', async () => {
    const profile = (await userById(owner.id, viewer.headers)).body.data!.user;
    expect(profile).toMatchObject({
      name: 'Django Reinhardt',
      about: 'Gypsy jazz guitarist.',
      country: { code: 'BE' },
      // Contact is allowed, but only for the teams that know the person as an applicant
      // (applications.blind-review.test.ts).
      email: null,
      phone: null,
      city: null,
      location: null,
      dob: null,
      gender: null,
      settings: null,
    });
    expect(profile.genres.map((genre) => genre.slug)).toEqual(['jazz']);
  });

  it('shows the person everything of their own, whether they allow contact or not', async () => {
    await update(owner, { settings: { allow_contact: false } });
    const own = (await userById(owner.id, owner.headers)).body.data!.user;
    expect(own).toMatchObject({
      email: owner.email,
      phone: '+32 2 555 12 12',
      city: { name: 'Brussels' },
      dob: '1980-01-23',
      gender: 'male',
    });
  });

  it('answers not-found for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await userById(id, viewer.headers);
      expect(response.body.errors?.[0]?.extensions?.category).toBe('not-found');
    }
  });
});

describe('premium features', () => {
  const PREMIUM = 'query($id: ID!) { premiumUser(userId: $id) { user_id features } }';
  const SET =
    'mutation($input: SetPremiumFeaturesInput!) { setPremiumFeatures(input: $input) { user_id features } }';

  it('lets administrators grant features and signed-in people read them', async () => {
    const person = await registerAccount(server);
    const admin = await registerAccount(server);
    await server.app.services.users.setRole(admin.id, 'admin');

    const byPerformer = await server.graphql(
      SET,
      { input: { user_id: person.id, features: ['profile_badge'] } },
      person.headers,
    );
    expect(byPerformer.body.errors?.[0]?.extensions?.category).toBe('authorization');
    const byStranger = await server.graphql(SET, {
      input: { user_id: person.id, features: ['profile_badge'] },
    });
    expect(byStranger.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const granted = await server.graphql<{ setPremiumFeatures: { features: string[] } }>(
      SET,
      { input: { user_id: person.id, features: ['profile_badge', 'featured_profile'] } },
      admin.headers,
    );
    expect(granted.body.data?.setPremiumFeatures.features).toEqual([
      'featured_profile',
      'profile_badge',
    ]);

    const read = await server.graphql<{ premiumUser: { user_id: string; features: string[] } }>(
      PREMIUM,
      { id: person.id },
      admin.headers,
    );
    expect(read.body.data?.premiumUser).toEqual({
      user_id: person.id,
      features: ['featured_profile', 'profile_badge'],
    });
    expect(
      (await server.graphql(PREMIUM, { id: person.id })).body.errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
  });

  it('leaves out grants that have expired', async () => {
    const person = await registerAccount(server);
    const admin = await registerAccount(server);
    await server.app.services.users.setRole(admin.id, 'admin');
    await server.graphql(
      SET,
      {
        input: {
          user_id: person.id,
          features: ['profile_badge'],
          expires_at: '2020-01-01 00:00:00',
        },
      },
      admin.headers,
    );
    const read = await server.graphql<{ premiumUser: { features: string[] } }>(
      PREMIUM,
      { id: person.id },
      person.headers,
    );
    expect(read.body.data?.premiumUser.features).toEqual([]);
  });
});

describe('the demo profiles', () => {
  it('seed valid genres, instruments, user types and premium features', async () => {
    expect(seeded).toBe(true);
    const login = await server.graphql<{ login: { access_token: string; user: { id: string } } }>(
      'mutation { login(input: { email: "band@koracollective.test", password: "encore-demo" }) { access_token user { id } } }',
    );
    const headers = { authorization: `Bearer ${login.body.data!.login.access_token}` };
    const kora = (
      await server.graphql<{ me: Profile }>(`{ me { ${PROFILE_FIELDS} } }`, undefined, headers)
    ).body.data!.me;
    expect(kora.genres.map((genre) => genre.slug)).toEqual(['jazz', 'world']);
    expect(kora.instruments.map((entry) => entry.instrument.slug)).toEqual([
      'saxophone',
      'trumpet',
    ]);
    expect(kora.other_instruments).toEqual(['Kora', 'Djembe']);
    expect(kora.types).toEqual(['band', 'ensemble']);
    const premium = await server.graphql<{ premiumUser: { features: string[] } }>(
      'query($id: ID!) { premiumUser(userId: $id) { features } }',
      { id: kora.id },
      headers,
    );
    expect(premium.body.data?.premiumUser.features).toEqual(['featured_profile', 'profile_badge']);
  });
});
