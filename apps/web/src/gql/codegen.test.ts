// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, generatedFile } from '../../scripts/codegen';

describe('generated GraphQL types', () => {
  it('match the server schema and the documents (run `npm run codegen -w @encore/web` after a change)', async () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(await generate());
  });
});
