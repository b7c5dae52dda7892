import type { DemoAccount } from '../demo-data';
import { organiser } from './listing';

/** The organisers behind the marketplace's organisations (password: encore-demo). */
export const MARKETPLACE_ACCOUNTS: DemoAccount[] = [
  organiser({
    key: 'camille',
    name: 'Camille Laurent',
    email: 'camille@nuitsduquai.test',
    locale: 'fr',
    city: 'paris',
    about: 'Programmatrice des Nuits du Quai, à l’affût des nouvelles scènes francophones.',
  }),
  organiser({
    key: 'jana',
    name: 'Jana Vogel',
    email: 'jana@elbklang.test',
    locale: 'de',
    city: 'hamburg',
    about: 'Leitet das Elbklang in Hamburg und kuratiert die Limmat Musiktage in Zürich.',
  }),
  organiser({
    key: 'lucia',
    name: 'Lucía Romero',
    email: 'lucia@fundacionsonora.test',
    locale: 'es',
    city: 'madrid',
    about: 'Directora de programas de la Fundación Sonora y de la Casa del Bandoneón.',
  }),
  organiser({
    key: 'rafael',
    name: 'Rafael Costa',
    email: 'rafael@sonsdoatlantico.test',
    locale: 'pt',
    city: 'porto',
    about: 'Produtor no Porto; leva a música de língua portuguesa dos dois lados do Atlântico.',
  }),
  organiser({
    key: 'giulia',
    name: 'Giulia Ferri',
    email: 'giulia@cordevive.test',
    locale: 'it',
    city: 'cremona',
    about: 'Violoncellista e direttrice artistica dell’Accademia Corde Vive di Cremona.',
  }),
  organiser({
    key: 'erik',
    name: 'Erik Nyström',
    email: 'erik@vastkustfolk.test',
    locale: 'sv',
    city: 'gothenburg',
    about: 'Spelman och producent för Västkust Folk, festivalen för nordisk folkmusik.',
  }),
  organiser({
    key: 'owen',
    name: 'Owen Gallagher',
    email: 'owen@northernlights.test',
    locale: 'en',
    city: 'edinburgh',
    about:
      'Tour manager turned promoter, booking roots and indie acts across Scotland and Ireland.',
  }),
];
