import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_STATE,
  countFilters,
  parseSearchParams,
  serialiseSearchState,
  toSearchVariables,
  updateSearch,
  withoutFilters,
  type SearchState,
} from './search-params';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
const serialise = (state: SearchState) => serialiseSearchState(state).toString();

describe('the search in the address', () => {
  it('reads an empty address as the default search and writes the default as nothing', () => {
    expect(parse('')).toEqual(DEFAULT_SEARCH_STATE);
    expect(serialise(DEFAULT_SEARCH_STATE)).toBe('');
  });

  it('reads back every part it writes', () => {
    const state: SearchState = {
      query: 'jazz trio',
      place: { kind: 'city', id: '2267057', name: 'Lisbon', countryCode: 'PT' },
      radiusKm: 100,
      includeVirtual: false,
      includeWorldwide: false,
      nearestFirst: true,
      types: ['festival', 'open_call'],
      genres: ['folk', 'world'],
      instruments: ['lead-vocals'],
      target: ['BANDS'],
      levels: ['amateur', 'semi_professional'],
      languages: ['en', 'pt'],
      countries: ['PT', 'ES'],
      age: 25,
      price: 'paid',
      priceMin: 10,
      priceMax: 40.5,
      deadlineFrom: '2027-01-01',
      deadlineTo: '2027-03-31',
      openOnly: true,
      sort: { field: 'DEADLINE', asc: false },
      page: 3,
    };
    const written = serialise(state);
    expect(written).toBe(
      'q=jazz+trio&city_id=2267057&city=Lisbon&cc=PT&radius=100&virtual=0&worldwide=0&nearest=1' +
        '&types=festival%2Copen_call&genres=folk%2Cworld&instruments=lead-vocals&target=BANDS' +
        '&level=amateur%2Csemi_professional&languages=en%2Cpt&countries=PT%2CES&age=25' +
        '&price=paid&price_min=10&price_max=40.5&deadline_from=2027-01-01' +
        '&deadline_to=2027-03-31&open=1&sort=deadline&dir=desc&page=3',
    );
    expect(parse(written)).toEqual(state);
  });

  it('keeps a located search to about 100 m, in the address and in the query', () => {
    const state = updateSearch(DEFAULT_SEARCH_STATE, {
      place: { kind: 'near', latitude: 38.716_789_1, longitude: -9.133_333_3 },
    });
    expect(serialise(state)).toBe('lat=38.717&lng=-9.133');
    expect(parse('lat=38.7167891&lng=-9.1333333').place).toEqual({
      kind: 'near',
      latitude: 38.717,
      longitude: -9.133,
    });
  });

  it('keeps a city typed on the landing page as text until it is matched', () => {
    expect(parse('q=folk&city=Lisboa').place).toEqual({ kind: 'cityName', name: 'Lisboa' });
    expect(serialise(parse('city=Lisboa'))).toBe('city=Lisboa');
    // A matched city wins over the coordinates; the server takes one place or the other.
    expect(parse('city_id=2267057&city=Lisbon&lat=1&lng=2').place.kind).toBe('city');
  });

  it('leaves out what it does not understand instead of failing', () => {
    const state = parse(
      'types=gig,spaceflight,gig&target=ALIENS&level=guru&languages=english,EN' +
        '&countries=portugal,pt&genres=Folk,%3Cscript%3E&radius=7&age=-3&page=0' +
        '&price_min=-5&deadline_from=2027-02-30&deadline_to=soon&sort=cheapest' +
        '&lat=123&lng=5&city_id=abc&cc=Portugal',
    );
    expect(state).toEqual({
      ...DEFAULT_SEARCH_STATE,
      types: ['gig'],
      languages: ['en'],
      countries: ['PT'],
      genres: ['folk'],
    });
  });

  it('starts a chosen sort in its natural direction and writes the direction only when turned', () => {
    expect(parse('sort=deadline').sort).toEqual({ field: 'DEADLINE', asc: true });
    expect(parse('sort=recent').sort).toEqual({ field: 'RECENT', asc: false });
    expect(serialise({ ...DEFAULT_SEARCH_STATE, sort: { field: 'PRICE', asc: true } })).toBe(
      'sort=price',
    );
    expect(serialise({ ...DEFAULT_SEARCH_STATE, sort: { field: 'PRICE', asc: false } })).toBe(
      'sort=price&dir=desc',
    );
  });

  it('drops the price range of a search for free opportunities', () => {
    expect(parse('price=free&price_min=5&price_max=10')).toMatchObject({
      price: 'free',
      priceMin: null,
      priceMax: null,
    });
    const paid = parse('price=paid&price_min=5');
    expect(updateSearch(paid, { price: 'free' })).toMatchObject({ priceMin: null });
  });

  it('goes back to the first page on any change but paging', () => {
    const onPage3 = parse('q=folk&page=3');
    expect(updateSearch(onPage3, { types: ['gig'] }).page).toBe(1);
    expect(updateSearch(onPage3, { page: 4 }).page).toBe(4);
  });

  it('clears the filters but keeps the words, the place and the order', () => {
    const state = parse(
      'q=folk&city_id=2267057&city=Lisbon&radius=25&nearest=1&types=gig&open=1&age=30&virtual=0&sort=alphabet&page=2',
    );
    expect(countFilters(state)).toBe(4);
    const cleared = withoutFilters(state);
    expect(countFilters(cleared)).toBe(0);
    expect(serialise(cleared)).toBe(
      'q=folk&city_id=2267057&city=Lisbon&radius=25&nearest=1&sort=alphabet',
    );
  });
});

describe('the search sent to the server', () => {
  it('sends nothing for the default search, with the page size', () => {
    expect(toSearchVariables(DEFAULT_SEARCH_STATE)).toEqual({ input: {}, first: 20, page: 1 });
  });

  it('sends the place with its radius and the distance order only around a place', () => {
    const near = parse('lat=38.717&lng=-9.133&radius=25&nearest=1');
    expect(toSearchVariables(near).input).toEqual({
      near: { latitude: 38.717, longitude: -9.133 },
      radius_km: 25,
      order_by_distance: true,
    });
    expect(toSearchVariables(parse('city_id=2267057&city=Lisbon')).input).toEqual({
      city_id: '2267057',
      radius_km: 50,
    });
    // Unmatched text is no place at all.
    expect(toSearchVariables(parse('city=Atlantis&nearest=1')).input).toEqual({});
  });

  it('sends filters by their API names, prices in minor units', () => {
    const state = parse(
      'q=songwriters&types=festival&genres=folk&instruments=guitar&target=BANDS&level=amateur' +
        '&languages=pt&countries=PT&age=30&price=paid&price_min=10&price_max=25.5' +
        '&deadline_from=2027-01-01&deadline_to=2027-02-01&open=1&virtual=0&worldwide=0' +
        '&sort=price&dir=desc&page=2',
    );
    expect(toSearchVariables(state)).toEqual({
      input: {
        query: 'songwriters',
        include_virtual: false,
        include_worldwide: false,
        types: ['festival'],
        genres: ['folk'],
        instruments: ['guitar'],
        target: ['BANDS'],
        experience_level: ['amateur'],
        languages: ['pt'],
        target_countries: ['PT'],
        age: 30,
        is_free: false,
        price_min: 1000,
        price_max: 2550,
        deadline_from: '2027-01-01',
        deadline_to: '2027-02-01',
        open_only: true,
        sort: { field: 'PRICE', asc: false },
      },
      first: 20,
      page: 2,
    });
    expect(toSearchVariables(parse('price=free')).input).toEqual({ is_free: true });
  });
});
