import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'fundacion-sonora',
  name: 'Fundación Sonora',
  email: 'convocatorias@fundacionsonora.test',
  website: 'https://fundacionsonora.example',
  phone: '+34 91 000 00 00',
  city: 'madrid',
  description:
    'Fundación privada que apoya la creación musical en español: becas, residencias, concursos y giras en España y América Latina.',
  owner: 'lucia',
  team: [],
  socialLinks: [
    { type: 'INSTAGRAM', url: 'https://www.instagram.com/fundacionsonora' },
    { type: 'FACEBOOK', url: 'https://www.facebook.com/fundacionsonora' },
  ],
  invitations: [],
};

const listing = listingsOf(organisation);

export const FUNDACION_SONORA: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Beca de creación musical Sonora 2027',
      slug: 'beca-creacion-musical-sonora-2027',
      summary:
        'Diez becas de 6.000 € para componer y grabar un proyecto original, abiertas a artistas de cualquier país.',
      description:
        '<p>La <strong>Beca Sonora</strong> financia durante seis meses la creación de un disco, un espectáculo o una obra original. Se valorarán la originalidad, la viabilidad y el vínculo con la música en lengua española.</p><ul><li>6.000 € por proyecto</li><li>Mentoría con profesionales de la fundación</li><li>Presentación pública en Madrid</li></ul><p>La convocatoria está abierta a solicitantes de todo el mundo.</p>',
      city: 'madrid',
      timeZone: 'Europe/Madrid',
      isWorldwide: true,
      publishedDaysAgo: 30,
      deadlineInDays: 90,
      startsInDays: 150,
      lengthDays: 180,
      types: ['grant'],
      genres: ['pop', 'folk', 'latin-jazz', 'flamenco'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['es', 'en'],
    }),
    listing({
      title: 'Residencia artística junto al mar en Valencia',
      slug: 'residencia-artistica-valencia',
      summary:
        'Tres semanas de residencia con alojamiento, sala de ensayo y estudio de grabación en El Cabanyal.',
      description:
        '<p>Ofrecemos a un grupo o solista <strong>tres semanas de residencia</strong> para desarrollar un nuevo repertorio, con alojamiento, dietas y 1.200 € de honorarios.</p><p>La residencia termina con un concierto en la Sala Matisse.</p>',
      venue: 'Espai Cabanyal',
      city: 'valencia',
      timeZone: 'Europe/Madrid',
      publishedDaysAgo: 13,
      deadlineInDays: 50,
      startsInDays: 95,
      lengthDays: 21,
      types: ['residency'],
      genres: ['indie-rock', 'pop', 'electronic'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['es'],
    }),
    listing({
      title: 'Concurso Internacional de Guitarra Flamenca de Granada',
      slug: 'concurso-guitarra-flamenca-granada',
      summary:
        'Primera fase por vídeo, semifinal y final en directo junto a la Alhambra. Primer premio de 8.000 €.',
      description:
        '<p>El concurso busca guitarristas de <strong>flamenco de concierto</strong> y de acompañamiento al cante. La final se celebra en el Auditorio Manuel de Falla.</p><p>Repertorio libre de dos palos, uno de ellos por soleá o seguiriya. Premios de 8.000 €, 4.000 € y 2.000 €.</p>',
      venue: 'Auditorio Manuel de Falla',
      city: 'granada',
      timeZone: 'Europe/Madrid',
      publishedDaysAgo: 21,
      deadlineInDays: 58,
      startsInDays: 115,
      lengthDays: 4,
      types: ['competition'],
      genres: ['flamenco'],
      instruments: ['guitar'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['es', 'en'],
      paymentOptions: [
        { title: 'Inscripción anticipada', cost: 3000, currency: 'EUR', deadlineInDays: 20 },
        { title: 'Inscripción ordinaria', cost: 4500, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Gira Sur: diez fechas por Andalucía',
      slug: 'gira-sur-andalucia',
      summary:
        'Buscamos dos bandas emergentes para una gira de diez conciertos por salas de Andalucía, con caché y furgoneta.',
      description:
        '<p>La <strong>Gira Sur</strong> recorre Sevilla, Cádiz, Málaga, Córdoba y Almería. Cubrimos transporte, alojamiento y un caché de 300 € por concierto.</p><p>Envíanos un enlace a tu último lanzamiento y un vídeo en directo.</p>',
      venue: 'Sala Malandar',
      city: 'seville',
      timeZone: 'Europe/Madrid',
      publishedDaysAgo: 5,
      deadlineInDays: 35,
      startsInDays: 85,
      lengthDays: 14,
      types: ['tour'],
      genres: ['indie-rock', 'pop', 'flamenco'],
      instruments: [],
      target: ['BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['es'],
    }),
    listing({
      title: 'Congreso Música y Futuro Barcelona',
      slug: 'congreso-musica-futuro-barcelona',
      summary:
        'Dos días de ponencias y encuentros sobre derechos, directo y distribución; convocatoria abierta de ponentes y artistas.',
      description:
        '<p>Buscamos <strong>ponentes</strong> (artistas, mánagers, sellos) y diez artistas para los showcases de la noche. Se admiten propuestas en castellano, catalán e inglés.</p><p>La inscripción incluye acceso a todas las sesiones y a las reuniones rápidas con programadores.</p>',
      venue: 'Centre de Cultura Contemporània',
      city: 'barcelona',
      timeZone: 'Europe/Madrid',
      publishedDaysAgo: 16,
      deadlineInDays: 65,
      startsInDays: 125,
      lengthDays: 2,
      types: ['conference', 'showcase'],
      genres: ['pop', 'electronic', 'hip-hop'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['es', 'ca', 'en'],
      paymentOptions: [
        { title: 'Early bird', cost: 6000, currency: 'EUR', slots: 150, deadlineInDays: 25 },
        { title: 'General', cost: 9500, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Festival Son de la Ciudad: convocatoria 2027',
      slug: 'festival-son-de-la-ciudad-2027',
      summary:
        'Treinta escenarios en el centro de Ciudad de México: buscamos proyectos de son, cumbia, jazz latino y electrónica.',
      description:
        '<p>El <strong>Festival Son de la Ciudad</strong>, coproducido con la Fundación Sonora, llena plazas y foros del Centro Histórico durante un fin de semana.</p><p>Honorarios según formato; alimentación y traslados locales incluidos.</p>',
      venue: 'Plaza de Santo Domingo',
      city: 'mexicoCity',
      timeZone: 'America/Mexico_City',
      publishedDaysAgo: 10,
      deadlineInDays: 44,
      startsInDays: 102,
      lengthDays: 3,
      types: ['festival'],
      genres: ['latin-jazz', 'salsa-y-tropical', 'electronic'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['es'],
      paymentOptions: [
        { title: 'Preventa', cost: 25000, currency: 'MXN', deadlineInDays: 15 },
        { title: 'General', cost: 40000, currency: 'MXN' },
      ],
    }),
  ],
};
