/** "City, Country", as a city is shown everywhere (kept apart from the picker, which is heavy). */
export function cityLabel(city: { name: string; country: { name: string } }): string {
  return `${city.name}, ${city.country.name}`;
}
