import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'casa-del-bandoneon',
  name: 'Casa del Bandoneón',
  email: 'hola@casadelbandoneon.test',
  website: 'https://casadelbandoneon.example',
  phone: '+54 11 0000 0000',
  city: 'buenosAires',
  description:
    'Centro cultural de San Telmo dedicado al tango: milongas con orquesta en vivo, clases y clínicas de bandoneón.',
  owner: 'lucia',
  team: [],
  socialLinks: [{ type: 'INSTAGRAM', url: 'https://www.instagram.com/casadelbandoneon' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const CASA_DEL_BANDONEON: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Milonga de los viernes: convocatoria para orquestas típicas',
      slug: 'milonga-viernes-orquestas',
      summary:
        'Orquestas y cuartetos de tango para tocar en vivo en nuestra milonga de los viernes en San Telmo.',
      description:
        '<p>Cada viernes una <strong>orquesta en vivo</strong> toca tres tandas para los bailarines. Buscamos formaciones con repertorio bailable de los años cuarenta y arreglos propios.</p><p>Se paga el borderó más un fijo por músico.</p>',
      venue: 'Casa del Bandoneón, salón principal',
      city: 'buenosAires',
      timeZone: 'America/Argentina/Buenos_Aires',
      publishedDaysAgo: 1,
      deadlineInDays: 26,
      startsInDays: 40,
      lengthDays: 1,
      types: ['gig'],
      genres: ['world', 'latino'],
      instruments: ['accordion', 'violin', 'piano', 'double-bass'],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['es'],
    }),
    listing({
      title: 'Clínica intensiva de bandoneón',
      slug: 'clinica-intensiva-bandoneon',
      summary:
        'Cinco días con maestros de la tradición: fraseo, arrastres y arreglos para orquesta típica.',
      description:
        '<p>Una clínica para bandoneonistas con al menos dos años de práctica. Trabajo individual por la mañana y <strong>ensamble</strong> por la tarde.</p><p>Cupo de diez participantes activos; los oyentes son bienvenidos.</p>',
      venue: 'Casa del Bandoneón, aula 2',
      city: 'buenosAires',
      timeZone: 'America/Argentina/Buenos_Aires',
      publishedDaysAgo: 19,
      deadlineInDays: 52,
      startsInDays: 78,
      lengthDays: 5,
      types: ['masterclass'],
      genres: ['world', 'latino'],
      instruments: ['accordion'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['es'],
      paymentOptions: [
        { title: 'Inscripción temprana', cost: 15000, currency: 'USD', deadlineInDays: 21 },
        { title: 'Inscripción', cost: 20000, currency: 'USD', slots: 10 },
      ],
    }),
  ],
};
