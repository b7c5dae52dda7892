import { describe, expect, it } from 'vitest';
import { locationAnswerOf, partsOfLocation } from './location-label';

const LISBON = { id: '2267057', name: 'Lisbon', country: { code: 'PT', name: 'Portugal' } };

describe('address answers', () => {
  it('joins the address line and the city into the label, with the city ids', () => {
    expect(locationAnswerOf(' Rua da Rosa 12 ', LISBON)).toEqual({
      label: 'Rua da Rosa 12, Lisbon, Portugal',
      city_id: '2267057',
      country_code: 'PT',
    });
    expect(locationAnswerOf('Somewhere in the hills', null)).toEqual({
      label: 'Somewhere in the hills',
      city_id: null,
      country_code: null,
    });
    expect(locationAnswerOf(' ', null)).toBeUndefined();
  });

  it('splits a saved answer back into the line and the city', () => {
    expect(partsOfLocation(locationAnswerOf('Rua da Rosa, 12', LISBON))).toEqual({
      line: 'Rua da Rosa, 12',
      city: LISBON,
    });
    expect(
      partsOfLocation({ label: 'Lisbon, Portugal', city_id: '2267057', country_code: 'PT' }),
    ).toEqual({
      line: '',
      city: LISBON,
    });
    expect(partsOfLocation({ label: 'Up the road' })).toEqual({ line: 'Up the road', city: null });
  });
});
