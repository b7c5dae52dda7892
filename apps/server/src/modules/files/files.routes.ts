import { IMAGE_WIDTHS, type ImageWidth } from '@encore/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViewerResolver } from '../../http/viewer-resolver';
import { AppError } from '../../lib/errors';
import type { ByteRange } from '../../lib/storage';
import type { Services } from '../../services';
import { contentDisposition, downloadName } from './files.names';
import { isWebImage } from './files.rules';
import { hasVariants, type OpenedFile } from './files.service';
import type { FileRow } from './files.table';

interface FileRequest {
  Params: { id: string };
  /** Repeated parameters arrive as arrays. */
  Querystring: { inline?: string | string[]; w?: string | string[] };
}

// A file is never a page: no scripts, no plugins, no same-origin access even when opened in a tab.
const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * `GET /files/:id` (the original), `GET /files/:id?w=480` (a picture at most that wide, as WebP, in
 * one of IMAGE_WIDTHS) and `GET /files/:id/thumb` (the 400px WebP of a picture), streamed to a
 * bearer the owning feature's policy allows; anyone else gets the same 404 as for an unknown id.
 * A file's bytes never change under its id, so the id (and the width) is a strong ETag.
 */
export function registerFilesRoutes(
  app: FastifyInstance,
  services: Services,
  resolveViewer: ViewerResolver,
) {
  // Stored files go out as stored: most are compressed already (pictures, audio, zips), and a
  // byte range must count the stored bytes.
  app.get<FileRequest>('/files/:id', { compress: false }, async (req, reply) => {
    if (req.query.w !== undefined) return sendVariant(req, reply, imageWidthOf(req.query.w));
    const file = await services.files.findReadable(await resolveViewer(req), req.params.id);
    const etag = `"${file.id}"`;
    setCommonHeaders(reply, file, etag);
    reply.header('accept-ranges', 'bytes');
    if (isFresh(req, etag)) return reply.code(304).send();

    const inline = req.query.inline === '1' && isWebImage(file.mimeType);
    reply.header(
      'content-disposition',
      contentDisposition(
        inline ? 'inline' : 'attachment',
        downloadName(file.originalName, file.extension),
      ),
    );

    const range = requestedRange(req, etag, file.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    }
    const opened = await services.files.openOriginal(file, range);
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    return sendStream(reply, opened, contentTypeOf(file.mimeType));
  });

  async function sendVariant(
    req: FastifyRequest<FileRequest>,
    reply: FastifyReply,
    width: ImageWidth,
  ) {
    const file = await services.files.findReadable(await resolveViewer(req), req.params.id);
    if (!hasVariants(file)) throw AppError.notFound('file');
    const etag = `"${file.id}-w${width}"`;
    setCommonHeaders(reply, file, etag);
    if (isFresh(req, etag)) return reply.code(304).send();
    reply.header(
      'content-disposition',
      contentDisposition('inline', downloadName(file.originalName, 'webp')),
    );
    return sendStream(reply, await services.files.openVariant(file, width), 'image/webp');
  }

  app.get<FileRequest>('/files/:id/thumb', { compress: false }, async (req, reply) => {
    const file = await services.files.findReadable(await resolveViewer(req), req.params.id);
    if (!file.thumbStorageKey) throw AppError.notFound('file');
    const etag = `"${file.id}-thumb"`;
    setCommonHeaders(reply, file, etag);
    if (isFresh(req, etag)) return reply.code(304).send();
    // Our own re-encoded WebP: safe to show in place.
    reply.header(
      'content-disposition',
      contentDisposition('inline', downloadName(file.originalName, 'webp')),
    );
    return sendStream(reply, await services.files.openThumbnail(file), 'image/webp');
  });
}

/** One of IMAGE_WIDTHS, written as a plain number; anything else is refused before the file is looked up. */
function imageWidthOf(value: string | string[]): ImageWidth {
  const width = IMAGE_WIDTHS.find((allowed) => value === String(allowed));
  if (width !== undefined) return width;
  const widths = IMAGE_WIDTHS.join(', ');
  throw new AppError('BAD_REQUEST', `The width must be one of ${widths} pixels.`, {
    messageKey: 'errors.image_width',
    messageValues: { widths },
  });
}

function setCommonHeaders(reply: FastifyReply, file: FileRow, etag: string) {
  reply.header('etag', etag);
  // Private files are revalidated on every use, so a revoked grant takes effect at once; the ETag keeps that cheap.
  reply.header(
    'cache-control',
    file.visibility === 'public' ? 'public, max-age=86400' : 'private, no-cache',
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', FILE_CSP);
}

function sendStream(reply: FastifyReply, opened: OpenedFile, contentType: string) {
  reply.type(contentType);
  if (opened.size !== undefined) reply.header('content-length', opened.size);
  return reply.send(opened.stream);
}

function contentTypeOf(mime: string): string {
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}

function isFresh(req: FastifyRequest, etag: string): boolean {
  const given = req.headers['if-none-match'];
  if (!given) return false;
  return given
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** One `bytes=` range (several ranges, or a stale If-Range, get the whole file as HTTP allows). */
function requestedRange(
  req: FastifyRequest,
  etag: string,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange && ifRange !== etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
