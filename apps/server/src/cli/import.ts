/**
 * `import efiction --db mysql://... [--prefix fanfiction_] [--stories-dir DIR] [--dry-run]`: brings an
 * eFiction archive into the site (src/importers/efiction/), with bars on a terminal and a summary at the
 * end. Problems with the source are printed as one line naming them, and nothing is written.
 */
import { appMailer, openAppDatabase } from '../app';
import { communityCollections } from '../collections';
import type { Config } from '../config';
import { createCore } from '../core';
import { openFileStorage } from '../file-storage';
import { DEFAULT_PREFIX, importEfiction } from '../importers/efiction/import';
import { ImportError } from '../importers/efiction/source';
import { terminalProgress } from '../importers/progress';
import { registerSite } from '../site';
import { ensureCollections } from '../site/ensure-collections';
import { createLogger } from '../tools/logger';

export interface ImportFlags {
  db?: string;
  prefix?: string;
  storiesDir?: string;
  dryRun: boolean;
}

export const IMPORT_USAGE =
  'import efiction --db mysql://USER:PASS@HOST:PORT/DBNAME [--prefix fanfiction_] [--stories-dir DIR] [--dir DATA_DIR] [--dry-run]';

export async function runImport(
  config: Config,
  args: string[],
  flags: ImportFlags,
  say: (line: string) => void,
): Promise<number> {
  if (args[0] !== 'efiction' || !flags.db) {
    say(`Usage: ${IMPORT_USAGE}`);
    return 2;
  }
  const logger = createLogger('warn');
  const db = await openAppDatabase(config, logger);
  const files = openFileStorage(config);
  const core = await createCore(db, {
    appName: config.siteTitle,
    appURL: config.publicUrl,
    mailer: appMailer(config, logger),
    files,
  });
  try {
    await ensureCollections(core, communityCollections);
    registerSite(core);
    const started = Date.now();
    say(
      `${flags.dryRun ? 'Reading' : 'Importing'} the eFiction archive (tables ${flags.prefix ?? DEFAULT_PREFIX}*)...`,
    );
    const report = await importEfiction(core, {
      db: flags.db,
      prefix: flags.prefix ?? DEFAULT_PREFIX,
      ...(flags.storiesDir ? { storiesDir: flags.storiesDir } : {}),
      dryRun: flags.dryRun,
      progress: terminalProgress(),
    });
    for (const line of report.lines(flags.dryRun)) say(line);
    say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      say(`Import failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await core.close();
    await files.close();
    await db.destroy();
  }
}
