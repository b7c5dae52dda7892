import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'elbklang-hamburg',
  name: 'Elbklang Hamburg',
  email: 'booking@elbklang.test',
  website: 'https://elbklang.example',
  phone: '+49 40 0000 0000',
  city: 'hamburg',
  description:
    'Spielstätte und Förderverein am Hafen: Jazz, neue Musik und Klangkunst, mit Wettbewerben, Meisterkursen und Tourneen für den Nachwuchs.',
  owner: 'jana',
  team: [],
  socialLinks: [{ type: 'YOUTUBE', url: 'https://www.youtube.com/@elbklang' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const ELBKLANG_HAMBURG: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Elbklang Jazzpreis 2027',
      slug: 'elbklang-jazzpreis-2027',
      summary:
        'Nachwuchspreis für Jazzensembles bis 30 Jahre: Finale im Elbklang-Saal, 5.000 € Preisgeld und eine Albumproduktion.',
      description:
        '<p>Der <strong>Elbklang Jazzpreis</strong> richtet sich an Ensembles vom Duo bis zum Oktett, deren Mitglieder höchstens 30 Jahre alt sind.</p><ul><li>Vorrunde per Video, Finale live in Hamburg</li><li>1. Preis: 5.000 € und zwei Studiotage</li><li>Publikumspreis: ein Konzert in der nächsten Saison</li></ul><p>Bitte reicht ein Video mit mindestens einer Eigenkomposition ein.</p>',
      venue: 'Elbklang-Saal',
      city: 'hamburg',
      timeZone: 'Europe/Berlin',
      publishedDaysAgo: 15,
      deadlineInDays: 42,
      startsInDays: 100,
      lengthDays: 2,
      types: ['competition'],
      genres: ['jazz', 'contemporary-jazz'],
      instruments: ['saxophone', 'trumpet', 'piano', 'double-bass', 'drum-kit'],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['de', 'en'],
      paymentOptions: [
        { title: 'Frühbucher', cost: 2000, currency: 'EUR', deadlineInDays: 16 },
        { title: 'Regulär', cost: 3500, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Meisterkurs Violine in Leipzig',
      slug: 'meisterkurs-violine-leipzig',
      summary:
        'Fünf Tage Einzelunterricht und Kammermusik für fortgeschrittene Geigerinnen und Geiger, mit Abschlusskonzert.',
      description:
        '<p>Täglicher Einzelunterricht, Orchesterstellen-Training und ein öffentliches <strong>Abschlusskonzert</strong> im Mendelssohn-Saal.</p><p>Aktive Teilnahme für zwölf Studierende, passive Teilnahme ohne Begrenzung. Bitte ein Video mit einem Satz aus einem Solokonzert einreichen.</p>',
      venue: 'Mendelssohn-Saal',
      city: 'leipzig',
      timeZone: 'Europe/Berlin',
      publishedDaysAgo: 6,
      deadlineInDays: 33,
      startsInDays: 64,
      lengthDays: 5,
      types: ['masterclass'],
      genres: ['classical'],
      instruments: ['violin'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['de', 'en'],
      paymentOptions: [
        { title: 'Aktiv, Frühbucher', cost: 32000, currency: 'EUR', slots: 12, deadlineInDays: 12 },
        { title: 'Aktiv', cost: 39000, currency: 'EUR', slots: 12 },
        { title: 'Passiv', cost: 9000, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Probespiel: Tutti-Cello (m/w/d)',
      slug: 'probespiel-tutti-cello-hamburg',
      summary:
        'Das Elbklang Kammerorchester sucht zur nächsten Saison eine Tutti-Cellistin oder einen Tutti-Cellisten (Teilzeit).',
      description:
        '<p>Zu besetzen ist eine Stelle im <strong>Tutti-Cello</strong> (50 %), Vergütung nach Haustarif.</p><p>Pflichtstücke: Haydn, Konzert D-Dur, 1. Satz mit Kadenz; Orchesterstellen werden mit der Einladung verschickt. Reisekosten werden nicht erstattet.</p>',
      venue: 'Elbklang, Probebühne',
      city: 'hamburg',
      timeZone: 'Europe/Berlin',
      publishedDaysAgo: 3,
      deadlineInDays: 21,
      startsInDays: 35,
      lengthDays: 1,
      types: ['audition'],
      genres: ['classical', 'chamber-music'],
      instruments: ['cello'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['professional'],
      languages: ['de'],
    }),
    listing({
      title: 'Offener Aufruf: Klangkunst im Hafenspeicher',
      slug: 'klangkunst-ausstellung-berlin',
      summary:
        'Installationen, Feldaufnahmen und Mehrkanal-Arbeiten für eine sechswöchige Ausstellung in Berlin gesucht.',
      description:
        '<p>Für die Ausstellung <em>Resonanzräume</em> suchen wir <strong>Klanginstallationen</strong> und raumbezogene Kompositionen. Technik (bis 16 Kanäle) und ein Produktionsbudget von 1.500 € pro Arbeit werden gestellt.</p><p>Einreichungen auf Deutsch oder Englisch: Konzept (max. 2 Seiten), Skizzen, Audiobeispiele.</p>',
      venue: 'Hafenspeicher Kreuzberg',
      city: 'berlin',
      timeZone: 'Europe/Berlin',
      publishedDaysAgo: 18,
      deadlineInDays: 60,
      startsInDays: 120,
      lengthDays: 42,
      types: ['exhibition', 'open_call'],
      genres: ['electronic', 'ambient'],
      instruments: ['synthesizer'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['de', 'en'],
    }),
    listing({
      title: 'Online-Workshop: Musikproduktion im Homestudio',
      slug: 'online-workshop-homestudio',
      summary:
        'Vier Abende live per Video: Aufnahme, Mix und Mastering eigener Songs mit einfachen Mitteln.',
      description:
        '<p>Ein praxisnaher Kurs für Songwriterinnen und Bands, die zu Hause aufnehmen. Jede Sitzung endet mit <strong>Feedback auf eure eigenen Spuren</strong>.</p><p>Der Kurs findet auf Deutsch statt; Fragen auf Englisch sind willkommen. Aufzeichnungen bleiben vier Wochen verfügbar.</p>',
      timeZone: 'Europe/Berlin',
      isVirtual: true,
      publishedDaysAgo: 8,
      deadlineInDays: 28,
      startsInDays: 35,
      lengthDays: 21,
      types: ['workshop'],
      genres: ['pop', 'electronic', 'indie-rock'],
      instruments: ['synthesizer', 'guitar'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['beginner', 'amateur'],
      languages: ['de'],
      paymentOptions: [{ title: 'Kursgebühr', cost: 8900, currency: 'EUR', slots: 30 }],
    }),
    listing({
      title: 'Clubtour NRW: Support-Slots gesucht',
      slug: 'clubtour-nrw-support',
      summary:
        'Sechs Konzerte zwischen Köln und Dortmund als Vorband einer etablierten Indie-Band, mit Gage und Nightliner.',
      description:
        '<p>Wir suchen eine junge Band als <strong>Support für sechs Clubshows</strong> in Nordrhein-Westfalen. Gage 250 € pro Abend, Übernachtung und Catering inklusive.</p><p>Bewerbt euch mit zwei Songs und einem Live-Video.</p>',
      venue: 'Gebäude 9',
      city: 'cologne',
      timeZone: 'Europe/Berlin',
      publishedDaysAgo: 11,
      deadlineInDays: 30,
      startsInDays: 80,
      lengthDays: 8,
      types: ['tour'],
      genres: ['indie-rock', 'alternative', 'rock'],
      instruments: ['guitar', 'bass', 'drum-kit'],
      target: ['BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['de', 'en'],
    }),
  ],
};
