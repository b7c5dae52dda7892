import { rowJson } from '../../db/row-json';
import { opportunities } from './opportunities.table';

export { parsedJson, type Json } from '../../db/row-json';

/** Opportunities as one JSON value, less the folded search text, which only the search reads. */
export const { asJson: rowAsJson, fromJson: rowFromJson } = rowJson(opportunities, {
  searchText: '',
});
