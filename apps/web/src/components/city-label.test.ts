import { describe, expect, it } from 'vitest';
import { cityLabel } from './city-label';

describe('cityLabel', () => {
  it('shows the label a search gave, which tells same-named cities apart by region', () => {
    expect(
      cityLabel({
        name: 'Lisbon',
        country: { name: 'United States' },
        label: 'Lisbon, Ohio, United States',
      }),
    ).toBe('Lisbon, Ohio, United States');
  });

  it('falls back to the city and its country', () => {
    expect(cityLabel({ name: 'Porto', country: { name: 'Portugal' } })).toBe('Porto, Portugal');
  });
});
