import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface RankedCity {
  id: string;
  name: string;
  label: string;
  region: string | null;
  population: number;
  country: { code: string };
}

async function search(
  query: string,
  headers: Record<string, string> = {},
  first = 10,
): Promise<RankedCity[]> {
  const response = await server.graphql<{ filterCities: RankedCity[] }>(
    'query ($query: String!, $first: Int) { filterCities(query: $query, first: $first) { id name label region population country { code } } }',
    { query, first },
    headers,
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.filterCities;
}

describe('filterCities ranking', () => {
  it('puts an exact name before longer, more populous names starting with it', async () => {
    const found = await search('Porto');
    expect(found[0]).toMatchObject({ name: 'Porto', country: { code: 'PT' } });
    const alegre = found.findIndex((city) => city.name === 'Porto Alegre');
    expect(alegre).toBeGreaterThan(0);
    // Porto Alegre is the more populous: the exact name is what puts Porto first.
    expect(found[alegre]!.population).toBeGreaterThan(found[0]!.population);
  });

  it('still lets a far more populous city lead an exact name of a small town', async () => {
    // San (Mali, ~25,000) and Par (Cornwall, ~9,500) are exact; Santiago and Paris are far larger.
    const san = await search('San', {}, 50);
    expect(san[0]?.name).toBe('Santiago');
    expect(san.map((city) => city.name)).toContain('San');
    expect((await search('Par'))[0]).toMatchObject({ name: 'Paris', country: { code: 'FR' } });
  });

  it('lists Lisbon, Portugal first, each namesake once, told apart by its region', async () => {
    const found = await search('Lisbon', {}, 20);
    expect(found[0]).toMatchObject({ name: 'Lisbon', country: { code: 'PT' } });
    expect(found[0]?.label).toBe('Lisbon, Portugal');
    const labels = found.map((city) => city.label);
    expect(new Set(labels).size).toBe(labels.length);
    const american = found.filter((city) => city.name === 'Lisbon' && city.country.code === 'US');
    // GeoNames has two Lisbons in Ohio: one entry remains, with its state in the label.
    expect(american.filter((city) => city.region === 'Ohio')).toHaveLength(1);
    expect(labels).toContain('Lisbon, Ohio, United States');
    expect(labels).toContain('Lisbon, Maine, United States');
    expect(american.every((city) => city.label === `Lisbon, ${city.region}, United States`)).toBe(
      true,
    );
  });

  it('lifts the viewer country: Porto Alegre leads Porto for a viewer in Brazil', async () => {
    // Portuguese alone lifts Portugal and Brazil alike: the exact name still decides.
    const inPortuguese = await search('Porto', { 'accept-language': 'pt-BR' });
    expect(inPortuguese[0]).toMatchObject({ name: 'Porto', country: { code: 'PT' } });

    const account = await registerAccount(server);
    const updated = await server.graphql(
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
      { input: { country_code: 'BR' } },
      account.headers,
    );
    expect(updated.body.errors).toBeUndefined();
    const headers = { ...account.headers, 'accept-language': 'pt-BR' };
    const found = await search('Porto', headers);
    // Porto Alegre, 5.5 times as populous and in the viewer's country, outweighs the exact name.
    expect(found[0]).toMatchObject({ name: 'Porto Alegre', country: { code: 'BR' } });
    expect(found[1]).toMatchObject({ name: 'Porto', country: { code: 'PT' } });

    // A prefix too short for an exact name: a Brazilian city comes before larger ones elsewhere.
    const anonymous = await search('Por');
    const inBrazil = await search('Por', headers);
    expect(anonymous[0]?.name).not.toBe(inBrazil[0]?.name);
    expect(inBrazil[0]?.country.code).toBe('BR');
  });
});
