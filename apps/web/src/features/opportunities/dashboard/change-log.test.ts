import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import pages from '../../../../public/locales/en/pages.json';
import { describeEvent, type LoggedEvent } from './change-log';

// The English texts themselves, so the sentences are checked as people read them.
let t: TFunction<'pages'>;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    ns: ['pages'],
    defaultNS: 'pages',
    resources: { en: { pages } },
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en', 'pages');
});

const say = (event: Partial<LoggedEvent> & { action: string }) =>
  describeEvent({ actor_name: 'Maya Costa', details: {}, ...event }, t, 'en');

describe('describeEvent', () => {
  it('tells the lifecycle in plain sentences', () => {
    expect(say({ action: 'created' })).toBe('Maya Costa created the opportunity.');
    expect(say({ action: 'published', details: { from: 'DRAFT' } })).toBe(
      'Maya Costa published the opportunity.',
    );
    expect(say({ action: 'closed' })).toBe('Maya Costa closed applications.');
    expect(say({ action: 'duplicated', details: { from: 'riverside-stage-open-call' } })).toBe(
      'Maya Costa made this opportunity as a copy of riverside-stage-open-call.',
    );
    expect(
      say({
        action: 'status_changed',
        actor_name: null,
        details: { from: 'PUBLISHED', to: 'CLOSED' },
      }),
    ).toBe('The status changed from Published to Closed on its dates.');
  });

  it('names the fields that changed', () => {
    expect(say({ action: 'updated', details: { fields: ['title', 'deadline_date'] } })).toBe(
      'Maya Costa changed the title and the deadline.',
    );
    expect(say({ action: 'updated', details: { fields: [] } })).toBe(
      'Maya Costa saved the opportunity.',
    );
    expect(say({ action: 'rules_changed', details: { fields: ['payment_options'] } })).toBe(
      'Maya Costa changed rules applicants relied on: the payment options.',
    );
  });

  it('tells who joined, left or changed role', () => {
    expect(
      say({ action: 'member_invited', details: { email: 'jo@example.com', role: 'reviewer' } }),
    ).toBe('Maya Costa invited jo@example.com as Reviewer.');
    expect(
      say({
        action: 'member_role_changed',
        details: { email: 'jo@example.com', from: 'reviewer', to: 'manager' },
      }),
    ).toBe('Maya Costa changed the role of jo@example.com from Reviewer to Manager.');
    expect(
      say({
        action: 'invitation_accepted',
        actor_name: null,
        details: { email: 'jo@example.com', role: 'custom' },
      }),
    ).toBe('jo@example.com accepted the invitation to join as Custom.');
    expect(
      say({ action: 'member_removed', details: { email: 'jo@example.com', role: 'manager' } }),
    ).toBe('Maya Costa removed jo@example.com (Manager).');
  });

  it('still says something for an action it does not know, or odd details', () => {
    expect(say({ action: 'payments_enabled' })).toBe('Maya Costa made a change.');
    expect(say({ action: 'updated', details: 'not an object' })).toBe(
      'Maya Costa saved the opportunity.',
    );
  });
});
