import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'accademia-corde-vive',
  name: 'Accademia Corde Vive',
  email: 'segreteria@cordevive.test',
  website: 'https://cordevive.example',
  phone: '+39 0372 000000',
  city: 'cremona',
  description:
    'Accademia di musica a Cremona, città dei liutai: masterclass d’archi, audizioni per orchestre giovanili, concorsi e mostre di liuteria.',
  owner: 'giulia',
  team: [],
  socialLinks: [{ type: 'INSTAGRAM', url: 'https://www.instagram.com/cordevive' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const ACCADEMIA_CORDE_VIVE: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Masterclass di violoncello a Cremona',
      slug: 'masterclass-violoncello-cremona',
      summary:
        'Sei giorni di lezioni individuali e musica da camera, con concerto finale all’Auditorium del Museo del Violino.',
      description:
        '<p>La masterclass accoglie <strong>dieci allievi effettivi</strong> e un numero libero di uditori. Ogni allievo riceve quattro lezioni individuali e prova in trio con pianoforte.</p><p>Si richiede un video con un movimento di una suite di Bach e un brano a scelta.</p>',
      venue: 'Auditorium Giovanni Arvedi',
      city: 'cremona',
      timeZone: 'Europe/Rome',
      publishedDaysAgo: 11,
      deadlineInDays: 39,
      startsInDays: 74,
      lengthDays: 6,
      types: ['masterclass'],
      genres: ['classical', 'chamber-music'],
      instruments: ['cello'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['it', 'en'],
      paymentOptions: [
        { title: 'Quota ridotta', cost: 28000, currency: 'EUR', slots: 10, deadlineInDays: 14 },
        { title: 'Quota effettivi', cost: 35000, currency: 'EUR', slots: 10 },
        { title: 'Uditori', cost: 6000, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Audizioni per l’Orchestra Giovanile Lombarda',
      slug: 'audizioni-orchestra-giovanile-milano',
      summary:
        'Posti aperti per archi, fiati e percussioni, per musicisti tra i 16 e i 26 anni: tre sessioni di prove e una tournée estiva.',
      description:
        '<p>L’<strong>Orchestra Giovanile Lombarda</strong> cerca nuovi membri per la prossima stagione. Le audizioni si tengono a Milano in due giornate.</p><p>Programma: una scala, un brano solistico a scelta e due passi orchestrali inviati dopo l’iscrizione. La partecipazione è gratuita.</p>',
      venue: 'Conservatorio, Sala Puccini',
      city: 'milan',
      timeZone: 'Europe/Rome',
      publishedDaysAgo: 6,
      deadlineInDays: 29,
      startsInDays: 48,
      lengthDays: 2,
      types: ['audition'],
      genres: ['classical'],
      instruments: ['violin', 'viola', 'cello', 'double-bass', 'flute', 'clarinet', 'french-horn'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['it'],
    }),
    listing({
      title: 'Concorso di composizione corale “Voci Nuove”',
      slug: 'concorso-composizione-corale-bologna',
      summary:
        'Un nuovo brano per coro misto a cappella su testo italiano: il vincitore sarà eseguito e pubblicato.',
      description:
        '<p>Il concorso premia una <strong>composizione inedita per coro misto</strong> (SATB, eventualmente divisi), durata 4–8 minuti, su testo di autore italiano.</p><p>Primo premio: 2.000 €, esecuzione in Basilica di San Petronio e pubblicazione della partitura.</p>',
      venue: 'Basilica di San Petronio',
      city: 'bologna',
      timeZone: 'Europe/Rome',
      publishedDaysAgo: 27,
      deadlineInDays: 80,
      startsInDays: 135,
      lengthDays: 1,
      types: ['competition'],
      genres: ['choral', 'contemporary-classical'],
      instruments: [],
      target: ['INDIVIDUALS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['it', 'en'],
      paymentOptions: [
        { title: 'Iscrizione anticipata', cost: 4000, currency: 'EUR', deadlineInDays: 30 },
        { title: 'Iscrizione', cost: 6000, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Bando per la mostra “Strumenti che suonano”',
      slug: 'mostra-strumenti-che-suonano-cremona',
      summary:
        'Liutai e costruttori di strumenti sperimentali espongono per un mese, con concerti sugli strumenti in mostra.',
      description:
        '<p>Cerchiamo <strong>strumenti costruiti a mano</strong>, tradizionali o sperimentali, da esporre in una mostra di un mese. Ogni sabato musicisti ospiti suonano gli strumenti esposti.</p><p>Spazio espositivo e assicurazione a carico dell’Accademia.</p>',
      venue: 'Palazzo Affaitati',
      city: 'cremona',
      timeZone: 'Europe/Rome',
      publishedDaysAgo: 20,
      deadlineInDays: 57,
      startsInDays: 98,
      lengthDays: 30,
      types: ['exhibition'],
      genres: ['classical', 'world'],
      instruments: ['violin', 'guitar', 'harp'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['professional'],
      languages: ['it'],
    }),
    listing({
      title: 'Jazz in Piazza: Palermo d’estate',
      slug: 'jazz-in-piazza-palermo',
      summary:
        'Dodici concerti serali nelle piazze del centro storico: cerchiamo trii e quartetti jazz con repertorio originale.',
      description:
        '<p><strong>Jazz in Piazza</strong> porta la musica dal vivo a Piazza Bellini e ai Quattro Canti. Cachet fisso, pernottamento e backline forniti.</p><p>Candidature in italiano o in inglese, con due brani registrati dal vivo.</p>',
      venue: 'Piazza Bellini',
      city: 'palermo',
      timeZone: 'Europe/Rome',
      publishedDaysAgo: 4,
      deadlineInDays: 34,
      startsInDays: 86,
      lengthDays: 12,
      types: ['festival', 'gig'],
      genres: ['jazz', 'latin-jazz'],
      instruments: ['piano', 'double-bass', 'drum-kit', 'saxophone'],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['it', 'en'],
    }),
  ],
};
