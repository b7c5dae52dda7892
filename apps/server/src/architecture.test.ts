import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = path.dirname(fileURLToPath(import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** A feature's GraphQL layer: its types and resolvers, which may speak of the transport. */
const isTransport = (file: string) => /\.(graphql|refs)\.ts$/.test(file);
const isTest = (file: string) => /\.test\.ts$/.test(file);

describe('the layers', () => {
  it('keeps services, policies, events and routes free of the GraphQL layer', () => {
    const offenders = ['modules', 'events', 'realtime', 'http', 'lib', 'db']
      .flatMap((folder) => filesUnder(path.join(source, folder)))
      .filter((file) => file.endsWith('.ts') && !isTransport(file) && !isTest(file))
      .filter((file) => /from '(\.\.\/)+graphql\//.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(source, file));
    expect(offenders).toEqual([]);
  });
});
