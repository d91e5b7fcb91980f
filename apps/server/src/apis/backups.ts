/**
 * `/api/backups` as PocketBase has it (apis/backup.go, backup_create.go, backup_upload.go):
 * superusers list, create, upload, delete and restore backups; a download needs a superuser's file
 * token (`POST /api/files/token`) in `?token=`, so a link can be opened in a browser. The work is
 * the core's (core/backups/service.ts); this module reads requests and answers as PocketBase does.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { fileTokenAuth } from '../core/files/access';
import { ApiError } from '../tools/api-error';
import { formatDate } from '../tools/dates';
import { requireSuperuser } from './collections';
import { queryString, type Query } from './query-params';

type KeyParams = { Params: { key: string } };

const INSUFFICIENT = 'Insufficient permissions to access the resource.';

export function registerBackupRoutes(app: FastifyInstance, core: Core): void {
  const { backups } = core;

  app.get('/api/backups', async (request) => {
    requireSuperuser(request);
    let files;
    try {
      files = await backups.list();
    } catch (error) {
      throw new ApiError(400, `Failed to retrieve backup items. Raw error: \n${(error as Error).message}`);
    }
    return files.map((file) => ({ key: file.key, size: file.size, modified: formatDate(file.modified) }));
  });

  app.post('/api/backups', async (request, reply) => {
    requireSuperuser(request);
    if (backups.busy)
      throw new ApiError(400, 'Try again later - another backup/restore process has already been started');
    const body = (request.body ?? {}) as { name?: unknown };
    if (body.name !== undefined && typeof body.name !== 'string')
      throw new ApiError(400, 'An error occurred while loading the submitted data.');
    if (body.name) await backups.checkName(body.name);
    try {
      await backups.create(body.name || undefined);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      request.log.error({ err: error }, 'backup failed');
      throw new ApiError(400, 'Failed to create backup.');
    }
    return reply.status(204).send();
  });

  app.post('/api/backups/upload', async (request, reply) => {
    requireSuperuser(request);
    // PocketBase lifts the body limit for this route: a backup may be as large as the site.
    const part = request.isMultipart()
      ? await request.file({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } })
      : undefined;
    if (!part || part.fieldname !== 'file')
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        file: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    const temporary = path.join(backups.dataDir, '.restore', `upload-${randomBytes(6).toString('hex')}`);
    await fs.promises.mkdir(path.dirname(temporary), { recursive: true });
    try {
      await pipeline(part.file, fs.createWriteStream(temporary));
      await backups.upload(temporary, path.basename(part.filename));
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
    return reply.status(204).send();
  });

  app.get<KeyParams>('/api/backups/:key', async (request, reply) => {
    const auth = await fileTokenAuth(core.records, core.tokens, queryString(request.query as Query, 'token'));
    if (!auth?.isSuperuser) throw new ApiError(403, INSUFFICIENT);
    const { key } = request.params;
    const info = await backups.stat(key);
    if (!info) throw new ApiError(404);
    const stream = await backups.stream(key);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', String(info.size))
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(key)}`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });

  app.delete<KeyParams>('/api/backups/:key', async (request, reply) => {
    requireSuperuser(request);
    await backups.delete(request.params.key);
    return reply.status(204).send();
  });

  app.post<KeyParams>('/api/backups/:key/restore', async (request, reply) => {
    requireSuperuser(request);
    await backups.startRestore(request.params.key);
    return reply.status(204).send();
  });
}
