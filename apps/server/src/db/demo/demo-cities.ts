interface DemoCity {
  /** GeoNames id, the key of the cities lookup. */
  id: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

const city = (id: string, countryCode: string, latitude: number, longitude: number): DemoCity => ({
  id,
  countryCode,
  latitude,
  longitude,
});

/** The places of the demo, as the cities lookup (GeoNames) has them. */
export const DEMO_CITIES = {
  lisbon: city('2267057', 'PT', 38.71667, -9.13333),
  vienna: city('2761369', 'AT', 48.20849, 16.37208),
  stockholm: city('2673730', 'SE', 59.32938, 18.06871),
  london: city('2643743', 'GB', 51.50853, -0.12574),
  marseille: city('2995469', 'FR', 43.29695, 5.38107),
  helsinki: city('658225', 'FI', 60.16952, 24.93545),
  lyon: city('2996944', 'FR', 45.74846, 4.84671),
  seville: city('2510911', 'ES', 37.38283, -5.97317),
  manchester: city('2643123', 'GB', 53.48095, -2.23743),
  amsterdam: city('2759794', 'NL', 52.37403, 4.88969),
  berlin: city('2950159', 'DE', 52.52437, 13.41053),
  // The marketplace: organisers across Europe and the Americas.
  cascais: city('2269594', 'PT', 38.69681, -9.42147),
  porto: city('2735943', 'PT', 41.14961, -8.61099),
  paris: city('2988507', 'FR', 48.85341, 2.3488),
  nantes: city('2990969', 'FR', 47.21725, -1.55336),
  montreal: city('6077243', 'CA', 45.50884, -73.58781),
  hamburg: city('2911298', 'DE', 53.55073, 9.99302),
  leipzig: city('2879139', 'DE', 51.33962, 12.37129),
  cologne: city('2886242', 'DE', 50.93333, 6.95),
  zurich: city('2657896', 'CH', 47.36667, 8.55),
  basel: city('2661604', 'CH', 47.55839, 7.57327),
  lausanne: city('2659994', 'CH', 46.516, 6.63282),
  salzburg: city('2766824', 'AT', 47.79941, 13.04399),
  madrid: city('3117735', 'ES', 40.4165, -3.70256),
  barcelona: city('3128760', 'ES', 41.38879, 2.15899),
  valencia: city('2509954', 'ES', 39.46975, -0.37739),
  granada: city('2517117', 'ES', 37.18817, -3.60667),
  buenosAires: city('3435910', 'AR', -34.61315, -58.37723),
  mexicoCity: city('3530597', 'MX', 19.42847, -99.12766),
  saoPaulo: city('3448439', 'BR', -23.5475, -46.63611),
  salvador: city('3450554', 'BR', -12.97111, -38.51083),
  recife: city('3390760', 'BR', -8.05389, -34.88111),
  cremona: city('3177838', 'IT', 45.13325, 10.02129),
  milan: city('3173435', 'IT', 45.46427, 9.18951),
  bologna: city('3181928', 'IT', 44.49381, 11.33875),
  palermo: city('2523920', 'IT', 38.13205, 13.33561),
  gothenburg: city('2711537', 'SE', 57.70716, 11.96679),
  malmo: city('2692969', 'SE', 55.60587, 13.00073),
  oslo: city('3143244', 'NO', 59.91273, 10.74609),
  copenhagen: city('2618425', 'DK', 55.67594, 12.56553),
  edinburgh: city('2650225', 'GB', 55.95206, -3.19648),
  glasgow: city('2648579', 'GB', 55.86515, -4.25763),
  dublin: city('2964574', 'IE', 53.33306, -6.24889),
  newYork: city('5128581', 'US', 40.71427, -74.00597),
} as const;

export type DemoCityKey = keyof typeof DEMO_CITIES;
