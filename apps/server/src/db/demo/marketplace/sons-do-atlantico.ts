import type { DemoOrganisation } from '../demo-data';
import { listingsOf, type MarketplaceCatalogue } from './listing';

const organisation: DemoOrganisation = {
  slug: 'sons-do-atlantico',
  name: 'Sons do Atlântico',
  email: 'geral@sonsdoatlantico.test',
  website: 'https://sonsdoatlantico.example',
  phone: '+351 22 000 0000',
  city: 'porto',
  description:
    'Produtora do Porto que liga Portugal e o Brasil: concursos de fado, residências, gravações ao vivo e digressões de música de língua portuguesa.',
  owner: 'rafael',
  team: [],
  socialLinks: [{ type: 'FACEBOOK', url: 'https://www.facebook.com/sonsdoatlantico' }],
  invitations: [],
};

const listing = listingsOf(organisation);

export const SONS_DO_ATLANTICO: MarketplaceCatalogue = {
  organisation,
  opportunities: [
    listing({
      title: 'Concurso de Fado de Cascais',
      slug: 'concurso-fado-cascais',
      summary:
        'Fadistas amadores e profissionais disputam a final no Centro Cultural de Cascais, acompanhados por guitarra portuguesa e viola.',
      description:
        '<p>O concurso procura <strong>vozes do fado</strong> de todas as idades. Eliminatórias em casas de fado da linha de Cascais, final com músicos residentes.</p><ul><li>1.º prémio: 2.500 € e gravação de um single</li><li>Prémio revelação para menores de 25 anos</li></ul><p>Envie dois fados gravados, um deles tradicional.</p>',
      venue: 'Centro Cultural de Cascais',
      city: 'cascais',
      timeZone: 'Europe/Lisbon',
      publishedDaysAgo: 17,
      deadlineInDays: 36,
      startsInDays: 82,
      lengthDays: 2,
      types: ['competition'],
      genres: ['fado'],
      instruments: ['lead-vocals'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['amateur', 'semi_professional', 'professional'],
      languages: ['pt'],
      paymentOptions: [
        { title: 'Inscrição antecipada', cost: 1000, currency: 'EUR', deadlineInDays: 12 },
        { title: 'Inscrição', cost: 1500, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Residência artística na Ribeira do Porto',
      slug: 'residencia-artistica-porto',
      summary:
        'Um mês de residência com estúdio, alojamento e bolsa de 1.000 € para criar um espetáculo novo.',
      description:
        '<p>Oferecemos <strong>quatro semanas</strong> num antigo armazém da Ribeira convertido em sala de ensaio, com alojamento partilhado e apoio técnico.</p><p>A residência termina com uma apresentação pública. Candidaturas em português ou inglês.</p>',
      venue: 'Armazém 17, Ribeira',
      city: 'porto',
      timeZone: 'Europe/Lisbon',
      publishedDaysAgo: 22,
      deadlineInDays: 62,
      startsInDays: 118,
      lengthDays: 30,
      types: ['residency'],
      genres: ['world', 'folk', 'jazz'],
      instruments: [],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['pt', 'en'],
    }),
    listing({
      title: 'Sessões gravadas ao vivo no estúdio',
      slug: 'sessoes-gravadas-ao-vivo-porto',
      summary:
        'Um dia de estúdio com técnico, mistura de três temas e vídeo multicâmara para a sua próxima edição.',
      description:
        '<p>As <strong>Sessões do Atlântico</strong> gravam bandas ao vivo, sem overdubs, numa sala com som de madeira. Inclui mistura e um vídeo de uma canção.</p><p>Seleção mensal; indique as datas em que pode vir ao Porto.</p>',
      venue: 'Estúdio Atlântico',
      city: 'porto',
      timeZone: 'Europe/Lisbon',
      publishedDaysAgo: 9,
      deadlineInDays: 31,
      startsInDays: 58,
      lengthDays: 1,
      types: ['recording'],
      genres: ['indie-rock', 'folk', 'world'],
      instruments: [],
      target: ['BANDS'],
      experienceLevel: ['amateur', 'semi_professional'],
      languages: ['pt', 'en'],
      paymentOptions: [
        { title: 'Pré-reserva', cost: 25000, currency: 'EUR', deadlineInDays: 10 },
        { title: 'Sessão completa', cost: 32000, currency: 'EUR' },
      ],
    }),
    listing({
      title: 'Festival Sons da Bahia: inscrições abertas',
      slug: 'festival-sons-da-bahia-2027',
      summary:
        'Três noites no Pelourinho com música afro-baiana, samba-reggae e novos artistas da cena brasileira.',
      description:
        '<p>O <strong>Sons da Bahia</strong> seleciona vinte atrações para os palcos do Pelourinho e da Ribeira. Cachê, hospedagem e translado para artistas de fora de Salvador.</p><p>Envie release, fotos e um vídeo ao vivo recente.</p>',
      venue: 'Largo do Pelourinho',
      city: 'salvador',
      timeZone: 'America/Bahia',
      publishedDaysAgo: 24,
      deadlineInDays: 47,
      startsInDays: 108,
      lengthDays: 3,
      types: ['festival'],
      genres: ['brazilian', 'world', 'reggae'],
      instruments: ['percussion'],
      target: ['INDIVIDUALS', 'BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['pt'],
      paymentOptions: [
        { title: 'Lote promocional', cost: 6000, currency: 'BRL', deadlineInDays: 18 },
        { title: 'Inscrição', cost: 9000, currency: 'BRL' },
      ],
    }),
    listing({
      title: 'Oficina de percussão brasileira em São Paulo',
      slug: 'oficina-percussao-sao-paulo',
      summary:
        'Quatro sábados de maracatu, samba e ijexá com mestres da tradição, para percussionistas de todos os níveis.',
      description:
        '<p>Uma oficina prática de <strong>percussão brasileira</strong>: toques básicos, conversa entre instrumentos e arranjos para bloco.</p><p>Instrumentos disponíveis no local. Vagas limitadas a vinte participantes.</p>',
      venue: 'Galpão Vila Sonora',
      city: 'saoPaulo',
      timeZone: 'America/Sao_Paulo',
      publishedDaysAgo: 3,
      deadlineInDays: 22,
      startsInDays: 30,
      lengthDays: 22,
      types: ['workshop'],
      genres: ['brazilian', 'world'],
      instruments: ['percussion', 'agogo'],
      target: ['INDIVIDUALS'],
      experienceLevel: ['beginner', 'amateur'],
      languages: ['pt'],
      paymentOptions: [
        { title: 'Inscrição antecipada', cost: 30000, currency: 'BRL', deadlineInDays: 9 },
        { title: 'Inscrição', cost: 38000, currency: 'BRL', slots: 20 },
      ],
    }),
    listing({
      title: 'Turnê Nordeste: oito cidades em duas semanas',
      slug: 'turne-nordeste',
      summary:
        'Procuramos uma banda para abrir oito shows entre Recife, João Pessoa, Natal e Fortaleza, com cachê e logística pagos.',
      description:
        '<p>A <strong>Turnê Nordeste</strong> leva uma banda emergente para abrir os shows de um artista consagrado. Cachê por show, van, hotel e alimentação incluídos.</p><p>Preferência para bandas com repertório autoral e experiência de palco.</p>',
      venue: 'Paço do Frevo',
      city: 'recife',
      timeZone: 'America/Recife',
      publishedDaysAgo: 14,
      deadlineInDays: 41,
      startsInDays: 92,
      lengthDays: 14,
      types: ['tour'],
      genres: ['brazilian', 'pop', 'rock'],
      instruments: [],
      target: ['BANDS'],
      experienceLevel: ['semi_professional', 'professional'],
      languages: ['pt'],
    }),
  ],
};
