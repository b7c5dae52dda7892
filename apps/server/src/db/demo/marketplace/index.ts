import type { DemoOpportunity, DemoOrganisation } from '../demo-data';
import { ACCADEMIA_CORDE_VIVE } from './accademia-corde-vive';
import { CASA_DEL_BANDONEON } from './casa-del-bandoneon';
import { ELBKLANG_HAMBURG } from './elbklang-hamburg';
import { FUNDACION_SONORA } from './fundacion-sonora';
import { LES_NUITS_DU_QUAI } from './les-nuits-du-quai';
import { LIMMAT_MUSIKTAGE } from './limmat-musiktage';
import type { MarketplaceCatalogue } from './listing';
import { NORTHERN_LIGHTS_TOURING } from './northern-lights-touring';
import { SONS_DO_ATLANTICO } from './sons-do-atlantico';
import { VASTKUST_FOLK } from './vastkust-folk';

export { MARKETPLACE_ACCOUNTS } from './accounts';

/**
 * Organisers across Europe and the Americas, each with published opportunities in its own
 * language, so that the search, its facets and the map have a marketplace to show.
 */
const CATALOGUES: MarketplaceCatalogue[] = [
  LES_NUITS_DU_QUAI,
  ELBKLANG_HAMBURG,
  LIMMAT_MUSIKTAGE,
  FUNDACION_SONORA,
  CASA_DEL_BANDONEON,
  SONS_DO_ATLANTICO,
  ACCADEMIA_CORDE_VIVE,
  VASTKUST_FOLK,
  NORTHERN_LIGHTS_TOURING,
];

export const MARKETPLACE_ORGANISATIONS: DemoOrganisation[] = CATALOGUES.map(
  (catalogue) => catalogue.organisation,
);

export const MARKETPLACE_OPPORTUNITIES: DemoOpportunity[] = CATALOGUES.flatMap(
  (catalogue) => catalogue.opportunities,
);
