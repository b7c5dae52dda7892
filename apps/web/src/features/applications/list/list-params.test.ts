import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_VIEW,
  parseListParams,
  serialiseListView,
  updateListView,
} from './list-params';

describe('application list params', () => {
  it('reads a view from the address and ignores what it cannot be', () => {
    expect(
      parseListParams(new URLSearchParams('status=ACCEPTED&sort=status&asc=true&page=3')),
    ).toEqual({
      status: 'ACCEPTED',
      sort: 'status',
      asc: true,
      page: 3,
    });
    expect(parseListParams(new URLSearchParams('status=LOST&sort=rate&page=-2'))).toEqual(
      DEFAULT_LIST_VIEW,
    );
  });

  it('writes only what differs from the default', () => {
    expect(serialiseListView(DEFAULT_LIST_VIEW).toString()).toBe('');
    expect(
      serialiseListView({ status: 'DRAFT', sort: 'updated_at', asc: true, page: 2 }).toString(),
    ).toBe('status=DRAFT&sort=updated_at&asc=true&page=2');
  });

  it('goes back to the first page when the filter changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_LIST_VIEW, page: 3 };
    expect(updateListView(onPage3, { status: 'SUBMITTED' }).page).toBe(1);
    expect(updateListView(onPage3, { page: 4 }).page).toBe(4);
  });
});
