import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { OpportunitySearchCityDocument } from '../../../gql/graphql';
import type { SearchState } from './search-params';

/**
 * The landing page sends the city as typed ("lisboa"). It is matched to the best city once, and
 * the address then holds that city (in place of the text, so back does not land on the text).
 */
export function useResolvedCity(
  state: SearchState,
  update: (patch: Partial<SearchState>, options: { replace: boolean }) => void,
) {
  const name = state.place.kind === 'cityName' ? state.place.name : null;
  const lookup = useQuery(OpportunitySearchCityDocument, {
    variables: { query: name ?? '' },
    skip: name === null,
  });
  const found = name !== null ? lookup.data?.filterCities[0] : undefined;
  const place: SearchState['place'] | null = found
    ? { kind: 'city', id: found.id, name: found.name, countryCode: found.country.code }
    : null;

  useEffect(() => {
    if (!found) return;
    update(
      {
        place: { kind: 'city', id: found.id, name: found.name, countryCode: found.country.code },
        page: state.page,
      },
      { replace: true },
    );
  }, [found, update, state.page]);

  return {
    /**
     * The search to run: the matched city in place of the text at once, before the address
     * changes, so a page rendered on the server shows that city's results.
     */
    searchState: place ? { ...state, place } : state,
    /** Still matching: the search waits rather than run once everywhere, then again. */
    resolving: name !== null && lookup.loading,
    /** No city goes by that name (or the lookup failed): the search runs without a place. */
    unmatched: name !== null && !lookup.loading && !found ? name : null,
  };
}
