/** `/api/settings`: superusers read (secrets masked) and change the application settings. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Core } from '../core';
import { zodToApiError } from '../core/collections/validate';
import { requireSuperuser } from './collections';

export function registerSettingsRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/settings', (request) => {
    requireSuperuser(request);
    return core.settings.masked();
  });

  app.patch('/api/settings', async (request) => {
    requireSuperuser(request);
    try {
      await core.settings.update(core.db.kysely, (request.body ?? {}) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof z.ZodError)
        throw zodToApiError(error, 'An error occurred while validating the submitted data.');
      throw error;
    }
    return core.settings.masked();
  });
}
