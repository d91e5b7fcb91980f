/**
 * `import efiction --db mysql://... [--prefix fanfiction_] [--stories-dir DIR] [--dry-run]`: brings an
 * eFiction archive into the site (src/importers/efiction/), with bars on a terminal and a summary at the
 * end. Problems with the source are printed as one line naming them, and nothing is written.
 */
import type { Config } from '../config';
import { DEFAULT_PREFIX, importEfiction } from '../importers/efiction/import';
import { ImportError } from '../importers/efiction/source';
import { terminalProgress } from '../importers/progress';
import { withSite } from './site-core';

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
  const source = flags.db;
  if (args[0] !== 'efiction' || !source) {
    say(`Usage: ${IMPORT_USAGE}`);
    return 2;
  }
  return withSite(config, async (core) => {
    try {
      const started = Date.now();
      say(
        `${flags.dryRun ? 'Reading' : 'Importing'} the eFiction archive (tables ${flags.prefix ?? DEFAULT_PREFIX}*)...`,
      );
      const report = await importEfiction(core, {
        db: source,
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
    }
  });
}
