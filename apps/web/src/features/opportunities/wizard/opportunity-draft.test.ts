import { describe, expect, it } from 'vitest';
import {
  emptyDraft,
  majorToMinor,
  minorToMajor,
  stepInput,
  stepOfField,
  toInputDateTime,
  type OpportunityDraft,
} from './opportunity-draft';

const draft = (patch: Partial<OpportunityDraft>): OpportunityDraft => ({
  ...emptyDraft('Europe/Lisbon'),
  ...patch,
});

describe('opportunity drafts', () => {
  it('turns the API wall-clock time into a datetime-local value', () => {
    expect(toInputDateTime('2027-05-01 18:30')).toBe('2027-05-01T18:30');
    expect(toInputDateTime('2027-05-01 18:30:00')).toBe('2027-05-01T18:30');
    expect(toInputDateTime(null)).toBe('');
  });

  it('reads prices in major units, in the currency’s own precision', () => {
    expect(majorToMinor('25', 'EUR')).toBe(2500);
    expect(majorToMinor('25,5', 'EUR')).toBe(2550);
    expect(majorToMinor('1500', 'JPY')).toBe(1500);
    expect(majorToMinor('twenty', 'EUR')).toBeNull();
    expect(majorToMinor('-3', 'EUR')).toBeNull();
    expect(minorToMajor(2550, 'EUR')).toBe('25.50');
    expect(minorToMajor(1500, 'JPY')).toBe('1500');
  });

  it('saves only the fields of the step, clearing emptied ones', () => {
    const input = stepInput(
      'schedule',
      draft({ deadline_date: '2027-04-01T23:59', venue: '  ', is_virtual: true }),
    );
    expect(input).toEqual({
      time_zone: 'Europe/Lisbon',
      publish_at: null,
      deadline_date: '2027-04-01T23:59',
      start_date: null,
      end_date: null,
      time_visibility: { start_time: true, end_time: true, deadline_time: true },
      venue: null,
      street: null,
      city_id: null,
      is_virtual: true,
      is_worldwide: false,
    });
    expect(Object.keys(stepInput('applications', draft({})))).toEqual([
      'approval_type',
      'blind_review',
      'is_private',
    ]);
  });

  it('leaves the address out until someone types one, so the server makes it from the title', () => {
    expect(stepInput('basics', draft({ title: ' Jazz nights ' }))).not.toHaveProperty('slug');
    expect(stepInput('basics', draft({ title: 'Jazz', slug: 'jazz-2027' }))).toMatchObject({
      title: 'Jazz',
      slug: 'jazz-2027',
    });
  });

  it('sends price options in minor units only for payments through Encore', () => {
    const options = [
      {
        id: 'a3c1e4a2-5d6b-4c1e-9f0a-1b2c3d4e5f60',
        title: ' Early bird ',
        description: '',
        cost: '19.90',
        currency: 'EUR',
        slots: '50',
        deadline_date: '2027-02-01T00:00',
      },
    ];
    expect(
      stepInput(
        'payment',
        draft({
          payment_type: 'PAID_INTERNAL',
          payment_options: options,
          answer_by_date: '2027-03-01T18:00',
        }),
      ),
    ).toEqual({
      payment_type: 'PAID_INTERNAL',
      external_payment_url: null,
      answer_by_date: '2027-03-01T18:00',
      payment_options: [
        {
          id: 'a3c1e4a2-5d6b-4c1e-9f0a-1b2c3d4e5f60',
          title: 'Early bird',
          description: null,
          cost: 1990,
          currency: 'EUR',
          slots: 50,
          deadline_date: '2027-02-01T00:00',
        },
      ],
    });
    // The answer-by promise is about fees paid through Encore: any other way clears it.
    expect(
      stepInput(
        'payment',
        draft({
          payment_type: 'FREE',
          payment_options: options,
          answer_by_date: '2027-03-01T18:00',
        }),
      ),
    ).toMatchObject({ payment_options: [], answer_by_date: null });
  });

  it('finds the step of a field the server named', () => {
    expect(stepOfField('input.payment_options.0.cost')).toBe('payment');
    expect(stepOfField('deadline_date')).toBe('schedule');
    expect(stepOfField('input.answer_by_date')).toBe('payment');
    expect(stepOfField('genres.2')).toBe('audience');
    expect(stepOfField('video_links.0')).toBe('media');
    expect(stepOfField('something_else')).toBe('review');
  });
});
