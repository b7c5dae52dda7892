import { describe, expect, it } from 'vitest';
import { createOpportunitySchema, isTimeZone, updateOpportunitySchema } from './opportunity';

const ORGANISATION = '6f1c1c52-5f7e-4f0e-9d8b-1a2b3c4d5e6f';

describe('opportunity input', () => {
  it('starts a draft from a title and a time zone alone', () => {
    expect(
      createOpportunitySchema.safeParse({
        organisation_id: ORGANISATION,
        title: 'Open mic',
        time_zone: 'Europe/Lisbon',
      }).success,
    ).toBe(true);
    const missing = createOpportunitySchema.safeParse({ organisation_id: ORGANISATION });
    expect(missing.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'time_zone',
      'title',
    ]);
  });

  it('knows IANA time zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Stockholm')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('takes dates as wall-clock times, refuses other text, and keeps ages in order', () => {
    const parse = (fields: Record<string, unknown>) =>
      updateOpportunitySchema.safeParse({ id: ORGANISATION, ...fields });
    expect(parse({ deadline_date: '2027-05-01 18:30' }).success).toBe(true);
    expect(parse({ deadline_date: '2027-05-01T18:30:00' }).success).toBe(true);
    expect(parse({ deadline_date: '2027-05-01' }).success).toBe(true);
    expect(parse({ deadline_date: 'next friday' }).error?.issues[0]?.message).toBe(
      'validation.datetime',
    );
    expect(parse({ min_age: 30, max_age: 18 }).error?.issues[0]?.message).toBe(
      'validation.age_range',
    );
  });

  it('accepts YouTube, Vimeo and Loom links only, and payment currencies only', () => {
    const parse = (fields: Record<string, unknown>) =>
      updateOpportunitySchema.safeParse({ id: ORGANISATION, ...fields });
    expect(parse({ video_links: ['https://youtu.be/dQw4w9WgXcQ'] }).success).toBe(true);
    expect(parse({ video_links: ['https://example.com/clip'] }).success).toBe(false);
    const option = { title: 'Entry', cost: 1000 };
    expect(
      parse({ payment_options: [{ ...option, currency: 'eur' }] }).data?.payment_options,
    ).toEqual([{ ...option, currency: 'EUR' }]);
    expect(parse({ payment_options: [{ ...option, currency: 'XXX' }] }).success).toBe(false);
  });

  it('takes Swiss franc prices in steps of 0.05 only', () => {
    const parse = (cost: number, currency: string) =>
      updateOpportunitySchema.safeParse({
        id: ORGANISATION,
        payment_options: [{ title: 'Entry', cost, currency }],
      });
    expect(parse(1235, 'CHF').success).toBe(true);
    const refused = parse(1234, 'CHF');
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['payment_options', 0, 'cost'],
      message: 'validation.cost_rounding',
    });
    expect(parse(1234, 'EUR').success).toBe(true);
  });
});
