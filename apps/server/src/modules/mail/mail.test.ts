import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the development outbox', () => {
  it('lists emails the server kept instead of sending, with their links, escaped', async () => {
    await server.graphql(
      'mutation($input: RegisterInput!) { register(input: $input) { access_token } }',
      {
        input: {
          name: '<b>Nina</b> Simone',
          email: 'nina.outbox@example.test',
          password: 'feeling-good-1965',
          password_confirmation: 'feeling-good-1965',
          type: 'INDIVIDUAL',
        },
      },
    );
    const response = await fetch(`${server.url}/dev/mail`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('nina.outbox@example.test');
    expect(html).toContain('Confirm your email address');
    expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/register\/complete\?token=[\w-]+">/);
    expect(html).toContain('&lt;b&gt;Nina&lt;/b&gt;');
    expect(html).not.toContain('<b>Nina</b>');
  });
});
