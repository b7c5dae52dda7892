import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { fieldErrorsFrom, fieldErrorsOf, validationMapOf } from './field-errors';

const validationError = (validation: Record<string, unknown>) =>
  new CombinedGraphQLErrors({
    data: null,
    errors: [{ message: 'Validation failed.', extensions: { category: 'validation', validation } }],
  });

describe('validation errors mapped to form fields', () => {
  it('strips the argument name from the keys', () => {
    const error = validationError({
      'input.city_id': ['Choose a city from the list.'],
      'input.genres.2': ['Unknown genre.'],
    });
    expect(validationMapOf(error)).toEqual({
      city_id: ['Choose a city from the list.'],
      'genres.2': ['Unknown genre.'],
    });
  });

  it('gives each field the first message of its own key or of a nested key', () => {
    const errors = fieldErrorsFrom(
      {
        name: ['The name is too short.', 'The name is invalid.'],
        'genres.2': ['Unknown genre.'],
        'instruments.0.skill_level': ['Unknown skill level.'],
        'settings.cur_pref': ['Unknown currency.'],
        unrelated: ['Not a field here.'],
      },
      ['name', 'genres', 'instruments', 'settings', 'settings.cur_pref'] as const,
    );
    expect(errors).toEqual({
      name: 'The name is too short.',
      genres: 'Unknown genre.',
      instruments: 'Unknown skill level.',
      'settings.cur_pref': 'Unknown currency.',
    });
  });

  it('does not match a field that only shares the beginning of its name', () => {
    expect(fieldErrorsFrom({ other_instruments: ['Too many.'] }, ['instruments'])).toEqual({});
  });

  it('finds nothing in other errors', () => {
    const notFound = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Not found', extensions: { category: 'not-found' } }],
    });
    expect(fieldErrorsOf(notFound, ['name'])).toEqual({});
    expect(fieldErrorsOf(new Error('network'), ['name'])).toEqual({});
  });
});
