import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseSearchParams,
  serialiseSearchState,
  updateSearch,
  type SearchState,
} from './search-params';

export interface SearchStateApi {
  state: SearchState;
  /** Applies a change as a new history entry (back undoes it), or in place with `replace`. */
  update: (patch: Partial<SearchState>, options?: { replace?: boolean }) => void;
  /** Puts a whole state in the address (reset, clear filters). */
  replaceAll: (state: SearchState) => void;
}

/** The search as the address holds it, and the way to change it. */
export function useSearchState(): SearchStateApi {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Keyed by the text of the address, so an unrelated render keeps the same state object.
  const state = useMemo(() => parseSearchParams(new URLSearchParams(key)), [key]);

  // Changes made later (a number typed a moment ago) must call the `update` of the latest render,
  // or they would undo the changes made since.
  const update = useCallback(
    (patch: Partial<SearchState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => serialiseSearchState(updateSearch(parseSearchParams(current), patch)),
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  const replaceAll = useCallback(
    (next: SearchState) => setParams(serialiseSearchState(next)),
    [setParams],
  );
  return { state, update, replaceAll };
}
