/**
 * `/api/files`: downloads of record files (with thumbnails, ranges and conditional requests) and
 * short-lived file tokens for protected fields.
 *
 * Access follows PocketBase: a file of a non-protected field is served to whoever has its URL (the
 * random stored name is the secret); a protected field's file needs `?token=` from
 * `POST /api/files/token`, and only that token's record counts, checked against the viewRule.
 * Anything missing or refused is the same 404. Every response is sandboxed by CSP, carries the
 * type sniffed from the content, and only media and PDF may display inline (never SVG or HTML).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { canReadProtectedFile, fileTokenAuth } from '../core/files/access';
import { fileKey, isFileField } from '../core/files/record-files';
import { ThumbnailCache } from '../core/files/thumbnails';
import { asList } from '../core/fields/lists';
import { findRecord } from '../core/records/find';
import { ApiError } from '../tools/api-error';
import { isSafeFileName } from '../tools/files/names';
import { SNIFF_BYTES, contentTypeHeader, isInlineType, sniffType } from '../tools/files/sniff';
import { readStart, type FileStorage, type StoredObjectInfo } from '../tools/files/storage';
import { THUMBABLE_TYPES } from '../tools/files/thumbs';
import { queryString, type Query } from './query-params';

const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const PUBLIC_CACHE = 'max-age=2592000, stale-while-revalidate=86400';
const PRIVATE_CACHE = 'private, no-store';
/** Served for every image field without being listed in `thumbs` (PocketBase's admin preview size). */
const ALWAYS_ALLOWED_THUMB = '100x100';
const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

type Params = { collection: string; recordId: string; filename: string };

interface Served {
  key: string;
  info: StoredObjectInfo;
  type: string;
}

async function describe(storage: FileStorage, key: string): Promise<Served | null> {
  const info = await storage.stat(key);
  if (!info) return null;
  // Never asks for bytes past the end: an empty object needs no read at all.
  const start =
    info.size > 0 ? await readStart(storage, key, Math.min(SNIFF_BYTES, info.size)) : Buffer.alloc(0);
  return { key, info, type: sniffType(start) };
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only); undefined to send everything, null if unsatisfiable. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? null : { start, end };
}

function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  served: Served,
  options: { filename: string; download: boolean; protectedFile: boolean },
): Promise<FastifyReply> {
  const { info, type } = served;
  const etag = `"${info.size.toString(36)}-${info.modified.getTime().toString(36)}"`;
  const disposition = options.download || !isInlineType(type) ? 'attachment' : 'inline';
  reply
    .header('Content-Type', contentTypeHeader(type))
    .header(
      'Content-Disposition',
      `${disposition}; filename="${options.filename.replace(/[^\w.*\-+=#]/g, '_')}"`,
    )
    .header('Content-Security-Policy', FILE_CSP)
    .header('Cache-Control', options.protectedFile ? PRIVATE_CACHE : PUBLIC_CACHE)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', info.modified.toUTCString());
  if (notModified(request, etag, info.modified)) return reply.code(304).send();
  const range = parseRange(request.headers.range, info.size);
  if (range === null) {
    return reply.code(416).header('Content-Range', `bytes */${info.size}`).header('Content-Length', 0).send();
  }
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  reply.header('Content-Length', range ? range.end - range.start + 1 : info.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.getStream(served.key, range));
}

/** Registers the file routes over the storage the core was given at start (src/file-storage.ts). */
export function registerFileRoutes(app: FastifyInstance, core: Core): void {
  const storage = core.records.files;
  if (!storage) throw new Error('the core has no file storage (createCore needs `files`)');
  const thumbs = new ThumbnailCache(storage);

  app.post('/api/files/token', async (request) => {
    const auth = request.info.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    return { token: await core.tokens.issue(auth.collection, auth.record, 'file') };
  });

  app.route<{ Params: Params }>({
    method: ['GET', 'HEAD'],
    url: '/api/files/:collection/:recordId/:filename',
    handler: async (request, reply) => {
      const { recordId, filename } = request.params;
      const query = request.query as Query;
      const collection = core.registry.find(request.params.collection);
      // View collections would need their source record resolved; they have no files of their own.
      if (!collection || collection.type === 'view' || !isSafeFileName(filename)) throw new ApiError(404);
      const record = await findRecord(core.records, collection, recordId, null);
      const field = record
        ? collection.fields.find((f) => isFileField(f) && asList(record[f.name]).includes(filename))
        : undefined;
      if (!record || !isFileField(field)) throw new ApiError(404);
      if (field.protected) {
        const auth = await fileTokenAuth(core.records, core.tokens, queryString(query, 'token'));
        const info = { ...request.info, auth };
        if (!(await canReadProtectedFile(core.records, collection, recordId, field.name, info))) {
          throw new ApiError(404);
        }
      }
      const original = await describe(storage, fileKey(collection.id, String(record.id), filename));
      if (!original) throw new ApiError(404);
      let served = original;
      const size = queryString(query, 'thumb');
      if (
        size &&
        THUMBABLE_TYPES.has(original.type) &&
        (size === ALWAYS_ALLOWED_THUMB || field.thumbs.includes(size))
      ) {
        const key = await thumbs.thumbFor(collection.id, String(record.id), filename, size, original.type);
        served = (key && (await describe(storage, key))) || original;
      }
      return sendFile(request, reply, storage, served, {
        filename,
        download: TRUE_VALUES.has(queryString(query, 'download') ?? ''),
        protectedFile: field.protected,
      });
    },
  });
}
