import { describe, expect, it } from 'vitest';
import { asksForCachedField } from './response-cache';

describe('asksForCachedField', () => {
  it('finds a reference list at the root, directly, through a fragment or an inline fragment', () => {
    expect(asksForCachedField('{ countries { code } }')).toBe(true);
    expect(asksForCachedField('query Q { me { id } genres { value } }')).toBe(true);
    expect(asksForCachedField('query Q { ...Lists } fragment Lists on Query { instruments }')).toBe(
      true,
    );
    expect(asksForCachedField('query Q { ... on Query { languages { code } } }')).toBe(true);
  });

  it('is not misled by fields of the same name deeper down, nor by mutations', () => {
    expect(
      asksForCachedField(
        '{ opportunitySearch(first: 20) { facets { genres { value count } countries { value count } } } }',
      ),
    ).toBe(false);
    expect(asksForCachedField('mutation { genres }')).toBe(false);
    expect(asksForCachedField('{ me { id } }')).toBe(false);
  });

  it('leaves what does not parse, or is too long to be served, to be refused elsewhere', () => {
    expect(asksForCachedField('{ countries')).toBe(false);
    expect(asksForCachedField(`{ countries ${'me '.repeat(5000)} }`)).toBe(false);
    expect(asksForCachedField('query Q { ...Q } fragment Q on Query { ...Q }')).toBe(false);
  });
});
