import { describe, expect, it } from 'vitest';
import { roleKindOf } from './opportunity-role';
import { parseReviewParams, serialiseReviewView, updateReviewView } from './review-params';

const parse = (query: string) => parseReviewParams(new URLSearchParams(query));

describe('the review list in the address', () => {
  it('reads the defaults from an empty address and writes them as nothing', () => {
    const view = parse('');
    expect(view).toEqual({ type: 'ALL', query: '', page: 1, invitation: null });
    expect(serialiseReviewView(view).toString()).toBe('');
  });

  it('reads back the tab, the words, the page and the invitation it writes', () => {
    const view = { type: 'REVIEW', query: 'nordic', page: 2, invitation: 'abc123' } as const;
    const written = serialiseReviewView(view).toString();
    expect(written).toBe('invitation=abc123&type=review&q=nordic&page=2');
    expect(parse(written)).toEqual(view);
  });

  it('falls back to the defaults for what it does not understand', () => {
    expect(parse('type=everything&page=-2&q=%20%20')).toEqual({
      type: 'ALL',
      query: '',
      page: 1,
      invitation: null,
    });
  });

  it('starts again at page 1 when the tab or the words change', () => {
    const onPage3 = parse('type=manage&page=3');
    expect(updateReviewView(onPage3, { type: 'REVIEW' }).page).toBe(1);
    expect(updateReviewView(onPage3, { page: 4 })).toMatchObject({ type: 'MANAGE', page: 4 });
  });
});

describe("the viewer's role on an opportunity", () => {
  it('names the place held on the opportunity first', () => {
    expect(roleKindOf({ role: 'reviewer', permissions: ['rate', 'comment'] })).toBe('reviewer');
    // An owner who is also the manager is shown as the manager.
    expect(roleKindOf({ role: 'manager', permissions: ['full_access'] })).toBe('manager');
    expect(roleKindOf({ role: 'custom', permissions: ['manage_applications'] })).toBe('custom');
  });

  it("tells full access through the organisation from a team member's view", () => {
    expect(roleKindOf({ role: null, permissions: ['full_access'] })).toBe('organisation');
    expect(roleKindOf(null)).toBe('team');
  });
});
