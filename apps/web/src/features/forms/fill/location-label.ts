import type { LocationAnswer } from '@encore/core';
import type { CityOption } from '../../../components/CityAutocomplete';
import { cityLabel } from '../../../components/city-label';

/**
 * An address answer is one label ("Rua da Rosa 12, Lisbon, Portugal") plus the chosen city's id
 * and country: the label is what reviewers read, the ids are what search and statistics use.
 */
export function locationAnswerOf(
  line: string,
  city: CityOption | null,
): LocationAnswer | undefined {
  const label = [line.trim(), city ? cityLabel(city) : ''].filter((part) => part !== '').join(', ');
  if (label === '') return undefined;
  return { label, city_id: city?.id ?? null, country_code: city?.country.code ?? null };
}

/**
 * The address line and city back out of an answer. A label ends with "City, Country" when a city
 * was chosen (any split of it at a comma shows the same text again).
 */
export function partsOfLocation(answer: LocationAnswer | null | undefined): {
  line: string;
  city: CityOption | null;
} {
  if (!answer) return { line: '', city: null };
  if (!answer.city_id) return { line: answer.label, city: null };
  const parts = answer.label.split(', ');
  const code = answer.country_code ?? '';
  if (parts.length < 2) {
    return {
      line: '',
      city: { id: answer.city_id, name: answer.label, country: { code, name: code } },
    };
  }
  const country = parts[parts.length - 1]!;
  const name = parts[parts.length - 2]!;
  return {
    line: parts.slice(0, -2).join(', '),
    city: { id: answer.city_id, name, country: { code, name: country } },
  };
}

export function isLocationAnswer(value: unknown): value is LocationAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { label?: unknown }).label === 'string'
  );
}
