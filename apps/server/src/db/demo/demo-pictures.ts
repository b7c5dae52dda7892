import { eq, inArray } from 'drizzle-orm';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Database } from '../client';
import { translatorFor } from '../../lib/i18n';
import type { Storage } from '../../lib/storage/storage';
import { createFilesService } from '../../modules/files/files.service';
import { UPLOAD_RULES, type FilePurpose } from '../../modules/files/files.rules';
import { organisations } from '../../modules/organisations/organisations.table';
import {
  ORGANISATION_COVER,
  ORGANISATION_LOGO,
} from '../../modules/organisations/organisations.service';
import { opportunities } from '../../modules/opportunities/opportunities.table';
import {
  OPPORTUNITY_GALLERY,
  OPPORTUNITY_LOGO,
} from '../../modules/opportunities/opportunities.service';
import { DEMO_OPPORTUNITIES, DEMO_ORGANISATIONS } from './demo-data';
import { MARKETPLACE_OPPORTUNITIES } from './marketplace';

/** Two colours per picture: stage light over a dark room, varied by the picture's seed. */
const PALETTES = [
  ['#c62828', '#1a237e'],
  ['#ef6c00', '#311b92'],
  ['#00838f', '#1b1b2f'],
  ['#6a1b9a', '#004d40'],
  ['#f9a825', '#3e2723'],
  ['#2e7d32', '#0d47a1'],
] as const;

function hashOf(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * An abstract picture (a light, rings of sound, a horizon) as SVG: no text, so no font has to
 * be installed for sharp to draw it.
 */
export function demoPictureSvg(seed: string, width: number, height: number): string {
  const hash = hashOf(seed);
  const [light, dark] = PALETTES[hash % PALETTES.length]!;
  const cx = Math.round(width * (0.25 + ((hash >> 3) % 50) / 100));
  const cy = Math.round(height * (0.3 + ((hash >> 9) % 30) / 100));
  const unit = Math.min(width, height);
  const rings = Array.from({ length: 5 }, (_, index) => {
    const radius = Math.round(unit * (0.12 + index * 0.11));
    const opacity = (0.5 - index * 0.08).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${Math.max(2, Math.round(unit / 90))}"/>`;
  }).join('');
  const horizon = Math.round(height * 0.78);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
  <radialGradient id="glow" cx="${cx}" cy="${cy}" r="${Math.max(width, height)}" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>
  </radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
${rings}
<path d="M0 ${horizon} Q ${width / 4} ${horizon - unit * 0.08} ${width / 2} ${horizon} T ${width} ${horizon} V ${height} H 0 Z" fill="#000" fill-opacity="0.35"/>
</svg>`;
}

/**
 * The opportunities the README walks through get a logo and a gallery of three. Each of the
 * marketplace's gets one picture, the cover of its page, and its card shows its organisation's
 * logo: dozens of them are drawn on every fresh data directory, and each costs a few sharp passes.
 */
const MARKETPLACE_SLUGS = new Set(MARKETPLACE_OPPORTUNITIES.map((demo) => demo.slug));
export const picturesOf = (
  slug: string,
): { logo: boolean; gallery: number; dimensions: [number, number] } =>
  MARKETPLACE_SLUGS.has(slug)
    ? { logo: false, gallery: 1, dimensions: [960, 540] }
    : { logo: true, gallery: 3, dimensions: [1200, 800] };

/** sharp draws on libuv's threads: a few pictures at once keep every core busy. */
const PICTURE_WORKERS = Math.max(4, availableParallelism());

async function inParallel(tasks: Array<() => Promise<void>>, workers: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, worker));
}

// JPEG: the pictures are gradients, which it keeps well, and it costs half of what PNG does to
// encode, here and again when the files service cleans and stores it.
async function picture(seed: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPictureSvg(seed, width, height)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Logos and covers for the demo organisations, and logos and galleries for the published demo
 * opportunities, stored like uploads. It runs once: a demo organisation with a logo means done.
 */
export async function seedDemoPictures(db: Database, storage: Storage): Promise<void> {
  const files = createFilesService({ db, storage, readPolicies: {} });
  const store = async (
    seed: string,
    size: [number, number],
    purpose: FilePurpose,
    owner: { ownerType: string; ownerId: string },
  ) => {
    const bytes = await picture(seed, ...size);
    const row = await files.store(
      new File([new Uint8Array(bytes)], `${seed}.jpg`, { type: 'image/jpeg' }),
      {
        ...owner,
        visibility: 'public',
        rules: UPLOAD_RULES[purpose],
        t: translatorFor('en'),
        locale: 'en',
      },
    );
    return row.id;
  };

  const slugs = DEMO_ORGANISATIONS.map((organisation) => organisation.slug);
  const rows = await db
    .select({ id: organisations.id, slug: organisations.slug, logo: organisations.logoFileId })
    .from(organisations)
    .where(inArray(organisations.slug, slugs));
  if (rows.length === 0 || rows.some((row) => row.logo !== null)) return;

  const tasks: Array<() => Promise<void>> = rows.map((row) => async () => {
    const owner = (ownerType: string) => ({ ownerType, ownerId: row.id });
    const logoFileId = await store(
      `${row.slug}-logo`,
      [512, 512],
      'LOGO',
      owner(ORGANISATION_LOGO),
    );
    const coverFileId = await store(
      `${row.slug}-cover`,
      [1500, 500],
      'COVER',
      owner(ORGANISATION_COVER),
    );
    await db
      .update(organisations)
      .set({ logoFileId, coverFileId })
      .where(eq(organisations.id, row.id));
  });

  const published = DEMO_OPPORTUNITIES.filter((demo) => demo.publishInDays === 0);
  const opportunityRows = await db
    .select({ id: opportunities.id, slug: opportunities.slug })
    .from(opportunities)
    .where(
      inArray(
        opportunities.slug,
        published.map((demo) => demo.slug),
      ),
    );
  for (const row of opportunityRows) {
    const wanted = picturesOf(row.slug);
    tasks.push(async () => {
      const owner = (ownerType: string) => ({ ownerType, ownerId: row.id });
      const logoFileId = wanted.logo
        ? await store(`${row.slug}-logo`, [512, 512], 'LOGO', owner(OPPORTUNITY_LOGO))
        : null;
      const galleryFileIds: string[] = [];
      for (let index = 1; index <= wanted.gallery; index += 1) {
        galleryFileIds.push(
          await store(
            `${row.slug}-${index}`,
            wanted.dimensions,
            'GALLERY',
            owner(OPPORTUNITY_GALLERY),
          ),
        );
      }
      await db
        .update(opportunities)
        .set({ logoFileId, galleryFileIds })
        .where(eq(opportunities.id, row.id));
    });
  }
  await inParallel(tasks, PICTURE_WORKERS);
}
