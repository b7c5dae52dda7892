import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../lib/paths';
import { describeAccess, type AccessOutcome } from './access-outcome';
import { getSchema, printedSchema } from './schema';

function declarations(type: GraphQLObjectType | null | undefined): string[] {
  if (!type) return [];
  return Object.values(type.getFields()).map((field) => {
    const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
    const scopes = options?.authScopes;
    // Scopes that depend on the arguments (graphql/scopes.ts) carry what they require.
    const declared =
      typeof scopes === 'function'
        ? JSON.stringify((scopes as { declaration?: unknown }).declaration ?? 'dynamic')
        : JSON.stringify(scopes ?? 'UNDECLARED');
    const outcome = (field.extensions as { access?: AccessOutcome } | undefined)?.access;
    return `${type.name}.${field.name}: ${declared} | ${describeAccess(outcome)}`;
  });
}

describe('GraphQL schema', () => {
  it('matches the checked-in schema.graphql (run `npm run schema:print -w @encore/server` after a change)', () => {
    const checkedIn = readFileSync(path.join(serverRoot, 'schema.graphql'), 'utf8');
    expect(printedSchema()).toBe(checkedIn);
  });

  it('declares who may call every query and mutation, and what each caller gets', () => {
    const schema = getSchema();
    const lines = [
      ...declarations(schema.getQueryType()),
      ...declarations(schema.getMutationType()),
    ];
    expect(lines.filter((line) => line.includes('UNDECLARED'))).toEqual([]);
  });

  it('keeps a reviewed snapshot of the declarations, so a change in who can reach what shows in review', async () => {
    const schema = getSchema();
    const lines = [
      ...declarations(schema.getQueryType()),
      ...declarations(schema.getMutationType()),
    ].sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./schema-declarations.snap.txt');
  });
});
