import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  OpportunitySearchLookupsDocument,
  type OpportunitySearchLookupsQuery,
} from '../../../gql/graphql';
import { currentLocale } from '../../../lib/i18n';

export interface FilterOption {
  value: string;
  label: string;
  /** The heading the option is listed under (a genre's parent, an instrument's family). */
  group?: string;
}

export interface SearchLookups {
  genres: FilterOption[];
  instruments: FilterOption[];
  languages: FilterOption[];
  countries: FilterOption[];
}

/** Parents first, each followed by its subgenres, so that the list can be shown in groups. */
function genreOptions(genres: OpportunitySearchLookupsQuery['genres']): FilterOption[] {
  const parents = genres.filter((genre) => !genre.parent);
  const parentIds = new Set(parents.map((genre) => genre.id));
  const childrenOf = (id: string) => genres.filter((genre) => genre.parent?.id === id);
  const grouped = parents.flatMap((parent) => [
    { value: parent.slug, label: parent.name, group: parent.name },
    ...childrenOf(parent.id).map((child) => ({
      value: child.slug,
      label: child.name,
      group: parent.name,
    })),
  ]);
  const orphans = genres
    .filter((genre) => genre.parent && !parentIds.has(genre.parent.id))
    .map((genre) => ({ value: genre.slug, label: genre.name, group: genre.name }));
  return [...grouped, ...orphans];
}

function instrumentOptions(families: OpportunitySearchLookupsQuery['instruments']): FilterOption[] {
  return families.flatMap((family) =>
    family.children.length > 0
      ? family.children.map((child) => ({
          value: child.slug,
          label: child.name,
          group: family.name,
        }))
      : [{ value: family.slug, label: family.name, group: family.name }],
  );
}

/** The lists the filters choose from, in the reader's language. */
export function useSearchLookups() {
  const query = useQuery(OpportunitySearchLookupsDocument);
  const lookups = useMemo<SearchLookups | null>(() => {
    if (!query.data) return null;
    const { genres, instruments, languages, countries } = query.data;
    return {
      genres: genreOptions(genres),
      instruments: instrumentOptions(instruments),
      languages: languages.map((language) => ({ value: language.slug, label: language.name })),
      countries: countries.map((country) => ({ value: country.code, label: country.name })),
    };
  }, [query.data]);
  return { lookups, error: query.error, retry: () => void query.refetch() };
}

/** A country's name by its code, from the lookups or else from the browser. */
export function countryName(code: string, lookups: SearchLookups | null): string {
  const known = lookups?.countries.find((country) => country.value === code);
  if (known) return known.label;
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The label of a value among options, or the value itself when the lists do not know it. */
export function labelOf(options: readonly FilterOption[] | undefined, value: string): string {
  return options?.find((option) => option.value === value)?.label ?? value;
}
