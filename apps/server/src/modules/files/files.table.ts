import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt } from '../../db/columns';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The feature that owns the file decides who may read it (see files.policy.ts). */
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id'),
    uploadedById: uuid('uploaded_by_id'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    extension: text('extension').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width'),
    height: integer('height'),
    thumbStorageKey: text('thumb_storage_key'),
    /** A tiny blurred preview as a data URL, shown while the real image loads. */
    placeholder: text('placeholder'),
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('private'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (table) => [index('files_owner_idx').on(table.ownerType, table.ownerId)],
);

export type FileRow = typeof files.$inferSelect;
