import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'les-nuits-du-quai',
  name: 'Les Nuits du Quai',
  email: 'programmation@nuitsduquai.test',
  website: 'https://nuitsduquai.example',
  phone: '+33 1 00 00 00 00',
  city: 'paris',
  description:
    'Association parisienne qui programme la chanson et les musiques actuelles francophones : un festival d’été, un tremplin et des ateliers toute l’année.',
  owner: 'camille',
  team: [],
  socialLinks: [{ type: 'INSTAGRAM', url: 'https://www.instagram.com/nuitsduquai' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const LES_NUITS_DU_QUAI: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Tremplin Jeunes Talents 2027',
      slug: 'tremplin-jeunes-talents-2027',
      summary:
        'Le tremplin des Nuits du Quai : trois finalistes jouent sur la grande scène du festival et le lauréat part en résidence.',
      description:
        '<p>Vous écrivez et composez en français ? Le <strong>Tremplin Jeunes Talents</strong> sélectionne dix artistes pour une demi-finale au Café de la Danse, puis trois finalistes pour la grande scène du festival.</p><ul><li>Prix du jury : 3 000 € et une semaine de résidence</li><li>Accompagnement scénique par notre équipe</li><li>Captation vidéo professionnelle du concert</li></ul><p>Envoyez trois titres, une biographie et une photo récente.</p>',
      venue: 'Café de la Danse',
      city: 'paris',
      timeZone: 'Europe/Paris',
      publishedDaysAgo: 9,
      deadlineInDays: 38,
      startsInDays: 70,
      lengthDays: 1,
      types: ['competition'],
      genres: ['pop', 'folk', 'singer-songwriter'],
      instruments: ['lead-vocals', 'guitar', 'piano'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['fr'],
      paymentOptions: [
        { title: 'Tarif early bird', cost: 1500, currency: 'EUR', slots: 60, deadlineInDays: 14 },
        { title: 'Tarif normal', cost: 2500, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Atelier d’écriture de chansons : du carnet à la scène',
      slug: 'atelier-ecriture-chansons-paris',
      summary:
        'Deux week-ends pour écrire, arranger et présenter une chanson inédite, en petit groupe de huit.',
      description:
        '<p>Un atelier intensif animé par deux autrices-compositrices, pour apprendre à <em>finir</em> une chanson : structure, prosodie, arrangement guitare-voix.</p><p>Le dernier soir, chaque participant présente sa chanson au public du bar du quai. Niveau débutant accepté, motivation indispensable.</p>',
      venue: 'Studio du Quai de Valmy',
      city: 'paris',
      timeZone: 'Europe/Paris',
      publishedDaysAgo: 4,
      deadlineInDays: 25,
      startsInDays: 45,
      lengthDays: 9,
      types: ['workshop'],
      genres: ['singer-songwriter', 'pop'],
      instruments: ['lead-vocals', 'guitar'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['beginner', 'amateur'],
      languages: ['fr'],
      paymentOptions: [
        { title: 'Inscription anticipée', cost: 18000, currency: 'EUR', deadlineInDays: 10 },
        { title: 'Inscription', cost: 22000, currency: 'EUR', slots: 8 },
      ],
    }),
    listing({
      title: 'Festival Les Nuits du Quai : appel à candidatures',
      slug: 'festival-nuits-du-quai-2027',
      summary:
        'Vingt concerts gratuits au bord de l’Erdre : groupes et artistes émergents, cachet et défraiement garantis.',
      description:
        '<p>Pour sa douzième édition, le festival s’installe à Nantes sur trois scènes au bord de l’Erdre. Nous cherchons des <strong>projets scéniques aboutis</strong> : chanson, rock, électro, musiques du monde.</p><p>Cachet selon la grille du festival, transport et hébergement pris en charge. Les candidatures en anglais sont bienvenues.</p>',
      venue: 'Quai Ceineray',
      city: 'nantes',
      timeZone: 'Europe/Paris',
      publishedDaysAgo: 20,
      deadlineInDays: 55,
      startsInDays: 110,
      lengthDays: 3,
      types: ['festival', 'open_call'],
      genres: ['pop', 'rock', 'electronic', 'world'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['fr', 'en'],
    }),
    listing({
      title: 'Scène ouverte du jeudi à Lyon',
      slug: 'scene-ouverte-jeudi-lyon',
      summary:
        'Vingt minutes sur scène chaque jeudi à la Péniche : trois chansons, un public attentif, le son est assuré.',
      description:
        '<p>La scène ouverte la plus conviviale des quais du Rhône. Chaque jeudi, six artistes se succèdent pour vingt minutes chacun.</p><p>Indiquez la date souhaitée et un lien vers un enregistrement, même fait au téléphone.</p>',
      venue: 'La Péniche du Rhône',
      city: 'lyon',
      timeZone: 'Europe/Paris',
      publishedDaysAgo: 2,
      deadlineInDays: 18,
      startsInDays: 24,
      lengthDays: 1,
      approvalType: 'AUTO',
      types: ['gig', 'open_call'],
      genres: ['singer-songwriter', 'folk', 'jazz'],
      instruments: ['lead-vocals', 'guitar', 'piano'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['beginner', 'amateur'],
      languages: ['fr'],
    }),
    listing({
      title: 'Vitrine des musiques émergentes de Montréal',
      slug: 'vitrine-musiques-emergentes-montreal',
      summary:
        'Showcase devant programmateurs québécois et européens : quinze artistes francophones, trois soirées.',
      description:
        '<p>En partenariat avec des diffuseurs québécois, Les Nuits du Quai présentent quinze artistes francophones à <strong>Montréal</strong> devant une quarantaine de programmateurs.</p><p>Showcases de 25 minutes, rencontres professionnelles le matin. Bilingual applications welcome: tell us about your touring plans in Canada.</p>',
      venue: 'Le Ministère',
      city: 'montreal',
      timeZone: 'America/Toronto',
      publishedDaysAgo: 12,
      deadlineInDays: 48,
      startsInDays: 96,
      lengthDays: 3,
      types: ['showcase'],
      genres: ['pop', 'indie-rock', 'singer-songwriter'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['fr', 'en'],
      paymentOptions: [
        { title: 'Early bird', cost: 4000, currency: 'CAD', deadlineInDays: 20 },
        { title: 'Régulier', cost: 6000, currency: 'CAD' },
      ],
    }),
  ],
};
