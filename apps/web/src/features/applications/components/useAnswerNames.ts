import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { ApplicationFormLookupsDocument } from '../../../gql/graphql';
import { namesNeeded } from './answer-display';

interface WithType {
  type: string;
  child_elements?: readonly WithType[];
}

/**
 * The names of the genres and instruments (families included) that answers hold as slugs; asked
 * for only when some answer has them.
 */
export function useAnswerNames(elements: readonly WithType[]): ReadonlyMap<string, string> {
  const lookups = useQuery(ApplicationFormLookupsDocument, { skip: !namesNeeded(elements) });
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const genre of lookups.data?.genres ?? []) map.set(genre.slug, genre.name);
    for (const family of lookups.data?.instruments ?? []) {
      map.set(family.slug, family.name);
      for (const instrument of family.children) map.set(instrument.slug, instrument.name);
    }
    return map;
  }, [lookups.data]);
}
