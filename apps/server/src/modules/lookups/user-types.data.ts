import type { UserTypeCategoryRow, UserTypeRow } from './lookups.table';
import { slugify } from './lookups.data';

/**
 * Who people on Encore say they are. No data package describes the roles of a music and arts
 * marketplace, so this is product data: edit it here, the seed upserts it on the next start.
 * Slugs are derived from the names and are what other features store; renaming a type changes
 * its slug, so add a new entry rather than renaming one that is in use.
 */
export const USER_TYPE_CATEGORIES: ReadonlyArray<{ name: string; types: readonly string[] }> = [
  {
    name: 'Performers',
    types: [
      'Solo artist',
      'Band',
      'Singer',
      'Singer-songwriter',
      'Instrumentalist',
      'DJ',
      'Orchestra',
      'Choir',
      'Ensemble',
      'Dancer',
      'Performance artist',
    ],
  },
  {
    name: 'Creators',
    types: ['Composer', 'Songwriter', 'Producer', 'Arranger', 'Lyricist', 'Conductor'],
  },
  {
    name: 'Industry',
    types: [
      'Promoter',
      'Booking agent',
      'Venue',
      'Festival',
      'Record label',
      'Manager',
      'Music publisher',
      'Music supervisor',
    ],
  },
  {
    name: 'Production and crew',
    types: ['Sound engineer', 'Lighting technician', 'Stage manager', 'Tour manager'],
  },
  {
    name: 'Education',
    types: ['Teacher', 'Student', 'Music school', 'Conservatory'],
  },
];

export function userTypeRows(): { categories: UserTypeCategoryRow[]; types: UserTypeRow[] } {
  const categories: UserTypeCategoryRow[] = [];
  const types: UserTypeRow[] = [];
  USER_TYPE_CATEGORIES.forEach((category, position) => {
    const categoryId = slugify(category.name);
    categories.push({ id: categoryId, name: category.name, position });
    category.types.forEach((name, typePosition) => {
      types.push({ id: slugify(name), name, categoryId, position: typePosition });
    });
  });
  return { categories, types };
}
