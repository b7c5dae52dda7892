/**
 * How a city is shown everywhere: the server's label where the city came from a search (it adds the
 * region when two cities of that name share a country), otherwise "City, Country". Kept apart from
 * the picker, which is heavy.
 */
export function cityLabel(city: {
  name: string;
  country: { name: string };
  label?: string | null;
}): string {
  return city.label ?? `${city.name}, ${city.country.name}`;
}
