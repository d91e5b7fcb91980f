import { appMailer, openAppDatabase } from '../app';
import { communityCollections } from '../collections';
import type { Config } from '../config';
import { createCore, type Core } from '../core';
import { openFileStorage } from '../file-storage';
import { registerSite } from '../site';
import { ensureCollections } from '../site/ensure-collections';
import { createLogger } from '../tools/logger';

/**
 * Runs `work` with the site's core as the server builds it (its collections, its hooks, the same file
 * storage, so records written or removed keep their files right), for commands that write records.
 */
export async function withSite<T>(config: Config, work: (core: Core) => Promise<T>): Promise<T> {
  const logger = createLogger('warn');
  const db = await openAppDatabase(config, logger);
  const files = openFileStorage(config);
  try {
    const core = await createCore(db, {
      appName: config.siteTitle,
      appURL: config.publicUrl,
      mailer: appMailer(config, logger),
      files,
    });
    try {
      await ensureCollections(core, communityCollections);
      registerSite(core);
      return await work(core);
    } finally {
      await core.close();
    }
  } finally {
    await files.close();
    await db.destroy();
  }
}
