import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { OpportunitySearchDocument } from '../../../gql/graphql';
import { toSearchVariables, type SearchState } from './search-params';

/** Runs the search in the address; the previous results stay available while the next load. */
export function useOpportunitySearch(state: SearchState, waiting: boolean) {
  const variables = useMemo(() => toSearchVariables(state), [state]);
  const search = useQuery(OpportunitySearchDocument, { variables, skip: waiting });
  return {
    data: (search.data ?? search.previousData)?.opportunitySearch,
    error: search.error,
    busy: waiting || search.loading,
    retry: () => void search.refetch(),
  };
}

export type OpportunitySearch = ReturnType<typeof useOpportunitySearch>;
