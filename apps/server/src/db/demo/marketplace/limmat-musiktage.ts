import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'limmat-musiktage',
  name: 'Limmat Musiktage',
  email: 'info@limmatmusiktage.test',
  website: 'https://limmatmusiktage.example',
  phone: '+41 44 000 00 00',
  city: 'zurich',
  description:
    'Sommerfestival für Kammermusik und zeitgenössische Komposition in Zürich, mit Akademie und Stipendien in der ganzen Schweiz.',
  owner: 'jana',
  team: [],
  socialLinks: [],
  invitations: [],
};

const listing = listingsOf(organisation);

export const LIMMAT_MUSIKTAGE: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Sommerakademie Kammermusik Zürich',
      slug: 'sommerakademie-kammermusik-zuerich',
      summary:
        'Zehn Tage Coaching für feste Streichquartette und Klaviertrios, mit Konzerten im Rahmen der Limmat Musiktage.',
      description:
        '<p>Die Akademie lädt <strong>bestehende Ensembles</strong> ein, zehn Tage mit Mitgliedern renommierter Quartette zu arbeiten. Jedes Ensemble spielt zwei öffentliche Konzerte.</p><p>Unterkunft in Gastfamilien wird vermittelt. Bewerbung mit einer Aufnahme (mind. 15 Minuten) aus dem laufenden Repertoire.</p>',
      venue: 'Kirche St. Peter',
      city: 'zurich',
      timeZone: 'Europe/Zurich',
      publishedDaysAgo: 14,
      deadlineInDays: 45,
      startsInDays: 105,
      lengthDays: 10,
      types: ['masterclass', 'workshop'],
      genres: ['classical', 'chamber-music'],
      instruments: ['violin', 'viola', 'cello', 'piano'],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['de', 'en'],
      paymentOptions: [
        { title: 'Early Bird', cost: 48000, currency: 'CHF', deadlineInDays: 15 },
        { title: 'Standard', cost: 60000, currency: 'CHF' },
      ],
    }),
    listing({
      title: 'Kompositionsstipendium Basel 2027',
      slug: 'kompositionsstipendium-basel-2027',
      summary:
        'Ein Jahresstipendium von CHF 24.000 für eine neue Komposition, uraufgeführt an den Limmat Musiktagen.',
      description:
        '<p>Das Stipendium ermöglicht Komponistinnen und Komponisten mit Wohnsitz in der Schweiz, ein Jahr lang an einem <strong>neuen Werk für Ensemble</strong> zu arbeiten.</p><p>Einzureichen: Werkverzeichnis, zwei Partituren mit Aufnahmen und eine Projektskizze. Die Jury entscheidet innerhalb von acht Wochen.</p>',
      city: 'basel',
      timeZone: 'Europe/Zurich',
      publishedDaysAgo: 25,
      deadlineInDays: 75,
      startsInDays: 140,
      lengthDays: 365,
      types: ['grant'],
      genres: ['contemporary-classical', 'classical'],
      instruments: [],
      target: ['INDIVIDUALS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['de', 'fr'],
    }),
    listing({
      title: 'Académie d’été : chant lyrique à Lausanne',
      slug: 'academie-ete-chant-lyrique-lausanne',
      summary:
        'Une semaine de cours individuels, de travail scénique et de répétitions avec pianiste, pour jeunes chanteuses et chanteurs.',
      description:
        '<p>Cours quotidiens de technique vocale, coaching de répertoire (mélodie française, Lied, opéra) et <strong>concert final</strong> à la salle Paderewski.</p><p>Ouvert aux étudiants de conservatoire et aux jeunes professionnels de moins de 32 ans.</p>',
      venue: 'Salle Paderewski',
      city: 'lausanne',
      timeZone: 'Europe/Zurich',
      publishedDaysAgo: 7,
      deadlineInDays: 40,
      startsInDays: 88,
      lengthDays: 7,
      types: ['workshop', 'masterclass'],
      genres: ['opera', 'classical'],
      instruments: ['soprano', 'mezzo-soprano', 'tenor', 'baritone'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['fr'],
      paymentOptions: [
        { title: 'Inscription anticipée', cost: 65000, currency: 'CHF', deadlineInDays: 18 },
        { title: 'Inscription', cost: 75000, currency: 'CHF' },
      ],
    }),
  ],
};
