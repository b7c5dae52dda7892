import { describe, it, expect } from 'vitest';
import { MAX_PAGE, MAX_PAGE_SIZE, pageArgsSchema, pageOffset, paginatorInfo } from './pagination';

describe('pageOffset', () => {
  it('skips the items of the previous pages', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(2, 10)).toBe(10);
    expect(pageOffset(5, 50)).toBe(200);
  });

  it.each([
    [0, 10],
    [-1, 10],
    [1.5, 10],
    [1, 0],
    [1, 2.5],
    [Number.NaN, 10],
  ])('rejects page %s with perPage %s', (page, perPage) => {
    expect(() => pageOffset(page, perPage)).toThrow(RangeError);
  });
});

describe('paginatorInfo', () => {
  it('describes a full first page', () => {
    expect(paginatorInfo({ total: 25, page: 1, perPage: 10 })).toEqual({
      count: 10,
      currentPage: 1,
      firstItem: 1,
      hasMorePages: true,
      lastItem: 10,
      lastPage: 3,
      perPage: 10,
      total: 25,
    });
  });

  it('describes a partial last page', () => {
    expect(paginatorInfo({ total: 25, page: 3, perPage: 10 })).toMatchObject({
      count: 5,
      firstItem: 21,
      lastItem: 25,
      lastPage: 3,
      hasMorePages: false,
    });
  });

  it('has no more pages when the total fills the last page exactly', () => {
    expect(paginatorInfo({ total: 20, page: 2, perPage: 10 })).toMatchObject({
      count: 10,
      lastItem: 20,
      lastPage: 2,
      hasMorePages: false,
    });
  });

  it('keeps one page with null items for an empty list', () => {
    expect(paginatorInfo({ total: 0, page: 1, perPage: 10 })).toEqual({
      count: 0,
      currentPage: 1,
      firstItem: null,
      hasMorePages: false,
      lastItem: null,
      lastPage: 1,
      perPage: 10,
      total: 0,
    });
  });

  it('reports an empty page past the end without more pages', () => {
    expect(paginatorInfo({ total: 5, page: 4, perPage: 10 })).toMatchObject({
      count: 0,
      currentPage: 4,
      firstItem: null,
      lastItem: null,
      lastPage: 1,
      hasMorePages: false,
    });
  });

  it('trusts an explicit count of the rows actually returned', () => {
    // Rows may disappear between the count query and the page query.
    expect(paginatorInfo({ total: 25, page: 1, perPage: 10, count: 9 })).toMatchObject({
      count: 9,
      firstItem: 1,
      lastItem: 9,
    });
    expect(paginatorInfo({ total: 25, page: 2, perPage: 10, count: 0 })).toMatchObject({
      firstItem: null,
      lastItem: null,
      hasMorePages: true,
    });
  });

  it('handles a page size of one', () => {
    expect(paginatorInfo({ total: 3, page: 2, perPage: 1 })).toMatchObject({
      count: 1,
      firstItem: 2,
      lastItem: 2,
      lastPage: 3,
      hasMorePages: true,
    });
  });

  it('rejects impossible input', () => {
    expect(() => paginatorInfo({ total: -1, page: 1, perPage: 10 })).toThrow(RangeError);
    expect(() => paginatorInfo({ total: 1.5, page: 1, perPage: 10 })).toThrow(RangeError);
    expect(() => paginatorInfo({ total: 10, page: 0, perPage: 10 })).toThrow(RangeError);
    expect(() => paginatorInfo({ total: 10, page: 1, perPage: 0 })).toThrow(RangeError);
    expect(() => paginatorInfo({ total: 10, page: 1, perPage: 10, count: -1 })).toThrow(RangeError);
    expect(() => paginatorInfo({ total: 30, page: 1, perPage: 10, count: 11 })).toThrow(
      /cannot exceed perPage/,
    );
  });
});

describe('pageArgsSchema', () => {
  it('accepts page sizes from 1 to the maximum', () => {
    expect(pageArgsSchema.parse({ first: 1, page: 1 })).toEqual({ first: 1, page: 1 });
    expect(pageArgsSchema.parse({ first: MAX_PAGE_SIZE, page: 7 })).toEqual({
      first: 100,
      page: 7,
    });
  });

  it('accepts pages up to the last one whose offset stays far inside PostgreSQL integers', () => {
    expect(pageArgsSchema.parse({ first: MAX_PAGE_SIZE, page: MAX_PAGE })).toEqual({
      first: MAX_PAGE_SIZE,
      page: MAX_PAGE,
    });
    expect(pageOffset(MAX_PAGE, MAX_PAGE_SIZE)).toBeLessThan(2 ** 31 - 1);
  });

  it('defaults page to the first page', () => {
    expect(pageArgsSchema.parse({ first: 10 })).toEqual({ first: 10, page: 1 });
  });

  it.each([
    ['first 0', { first: 0, page: 1 }],
    ['first above the maximum', { first: 101, page: 1 }],
    ['fractional first', { first: 10.5, page: 1 }],
    ['missing first', { page: 1 }],
    ['page 0', { first: 10, page: 0 }],
    ['negative page', { first: 10, page: -2 }],
    ['fractional page', { first: 10, page: 1.5 }],
    ['numbers as strings', { first: '10', page: '1' }],
    ['infinite page', { first: 10, page: Number.POSITIVE_INFINITY }],
    ['page past the last allowed', { first: 10, page: MAX_PAGE + 1 }],
    ['the largest 32-bit page', { first: 10, page: 2 ** 31 - 1 }],
  ])('rejects %s', (_case, args) => {
    expect(pageArgsSchema.safeParse(args).success).toBe(false);
  });
});
