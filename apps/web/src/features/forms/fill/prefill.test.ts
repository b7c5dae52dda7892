import { describe, expect, it } from 'vitest';
import { prefillAnswers, type PrefillProfile } from './prefill';
import { field } from './test-fields';

const FIELDS = [
  field({ type: 'text_field', subtype: 'text', slug: 'artist_name', is_required: true }),
  field({ type: 'text_field', subtype: 'text', slug: 'full_name', is_required: true }),
  field({ type: 'email', slug: 'email', is_required: true }),
  field({ type: 'location', slug: 'address', is_required: true }),
  field({ type: 'tel', slug: 'phone', is_multiple: true }),
  field({ type: 'tel', slug: 'manager_phone' }),
  field({ type: 'genres', slug: 'genres', is_multiple: true }),
  field({ type: 'instruments', slug: 'main_instrument' }),
  field({ type: 'text_field', subtype: 'textarea', slug: 'bio' }),
];

const PROFILE: PrefillProfile = {
  name: 'Ana Lima',
  email: 'ana@example.com',
  phone: '+351 912 345 678',
  city: { id: '2267057', name: 'Lisbon', country_code: 'PT' },
  genres: ['fado', 'folk'],
  instruments: ['classical-guitar', 'voice'],
  artist_name: 'Ana & the Tides',
};

describe('prefillAnswers', () => {
  it('fills the blanks the profile can answer, each in the shape its question takes', () => {
    expect(prefillAnswers(FIELDS, PROFILE)).toEqual({
      artist_name: 'Ana & the Tides',
      full_name: 'Ana Lima',
      email: 'ana@example.com',
      address: { label: 'Lisbon, Portugal', city_id: '2267057', country_code: 'PT' },
      phone: ['+351 912 345 678'],
      manager_phone: '+351 912 345 678',
      genres: ['fado', 'folk'],
      main_instrument: 'classical-guitar',
    });
  });

  it('never replaces an answer already given', () => {
    const given = {
      full_name: 'Ana Maria Lima',
      address: { label: 'Porto, Portugal', city_id: '2735943', country_code: 'PT' },
      genres: ['jazz'],
      bio: 'Fado singer.',
    };
    const answers = prefillAnswers(FIELDS, PROFILE, given);
    expect(answers).toMatchObject(given);
    expect(answers.email).toBe('ana@example.com');
    // A blank answer is not an answer.
    expect(prefillAnswers(FIELDS, PROFILE, { full_name: '  ' }).full_name).toBe('Ana Lima');
  });

  it('leaves out what the profile lacks or what the question would refuse', () => {
    const answers = prefillAnswers(FIELDS, {
      name: 'Jo',
      email: 'jo@example.com',
      phone: 'ring me',
      city: { id: '3143244', name: 'Oslo', country_code: 'NO', country_name: 'Norge' },
    });
    expect(answers).toEqual({
      full_name: 'Jo',
      email: 'jo@example.com',
      address: { label: 'Oslo, Norge', city_id: '3143244', country_code: 'NO' },
    });
  });
});
