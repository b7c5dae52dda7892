import { describe, expect, it } from 'vitest';
import { groupNotifications } from './group-notifications';

const note = (id: string, type: string, url_path: string | null, is_read = false) => ({
  id,
  type,
  url_path,
  is_read,
});

const shape = (list: ReturnType<typeof note>[]) =>
  groupNotifications(list).map(({ lead, rest }) => [lead.id, ...rest.map((item) => item.id)]);

describe('groupNotifications', () => {
  it('folds a run of unread notifications of one kind about one page into its newest', () => {
    expect(
      shape([
        note('m3', 'application_message', '/application/a'),
        note('m2', 'application_message', '/application/a'),
        note('m1', 'application_message', '/application/a'),
      ]),
    ).toEqual([['m3', 'm2', 'm1']]);
  });

  it('keeps apart other kinds, other pages, read ones and ones that lead nowhere', () => {
    expect(
      shape([
        note('m2', 'application_message', '/application/a'),
        note('s1', 'application_status', '/application/a'),
        note('m1', 'application_message', '/application/a'),
        note('b1', 'application_message', '/application/b'),
        note('b0', 'application_message', '/application/b', true),
        note('x2', 'upgrade_decision', null),
        note('x1', 'upgrade_decision', null),
      ]),
    ).toEqual([['m2'], ['s1'], ['m1'], ['b1'], ['b0'], ['x2'], ['x1']]);
  });

  it('groups only neighbours, so the order of events stays', () => {
    expect(
      shape([
        note('a3', 'application_message', '/application/a'),
        note('a2', 'application_message', '/application/a'),
        note('b1', 'application_message', '/application/b'),
        note('a1', 'application_message', '/application/a'),
      ]),
    ).toEqual([['a3', 'a2'], ['b1'], ['a1']]);
  });

  it('treats kinds it does not know like any other', () => {
    expect(
      shape([note('n2', 'a_kind_from_later', '/x'), note('n1', 'a_kind_from_later', '/x')]),
    ).toEqual([['n2', 'n1']]);
  });
});
