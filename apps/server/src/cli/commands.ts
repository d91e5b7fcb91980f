import fs from 'node:fs';
import path from 'node:path';
import { appMailer, closeOnSignals, openAppDatabase, startApp } from '../app';
import { createCore } from '../core';
import { upsertSuperuser } from './superuser';
import { withSite } from './site-core';
import { IMPORT_USAGE, runImport, type ImportFlags } from './import';
import { seedSite } from '../site/seed';
import type { Config } from '../config';
import { systemMigrations } from '../core/migrations';
import { listAppliedMigrations, migrateDown } from '../db/migrations/runner';
import { ApiError } from '../tools/api-error';
import { createLogger } from '../tools/logger';

export interface Command {
  summary: string;
  usage: string;
  run(
    config: Config,
    args: string[],
    flags: { noDemo: boolean; importFrom: ImportFlags },
  ): Promise<number | 'running'>;
}

/** Writes a line for a person at a terminal (logs stay JSON on stdout; this is the CLI's own output). */
const say = (line: string) => process.stdout.write(`${line}\n`);

const serve: Command = {
  summary: 'Start the web server (API and web app).',
  usage: 'serve [--http=127.0.0.1:8090] [--dir=./data]',
  async run(config) {
    const app = await startApp(config, undefined, { exitOnFailedRestart: true });
    closeOnSignals(app, config.shutdownTimeoutMs);
    say(`Server started at ${app.url}`);
    say(`├─ REST API:  ${app.url}/api/`);
    say(`└─ Web app:   ${app.url}/`);
    if (app.seeded?.admin) {
      say('');
      say('Demo content was created. Sign in to the site as the admin:');
      say(`   username: admin   email: ${app.seeded.admin.email}   password: ${app.seeded.admin.password}`);
      say('(Shown once. Start with SEED_DEMO=false, or NODE_ENV=production, for pages only.)');
    }
    return 'running';
  },
};

const migrate: Command = {
  summary:
    'Apply pending database migrations (`migrate down` reverts the last one, `migrate list` shows them).',
  usage: 'migrate [up|down|list] [--dir=./data]',
  async run(config, args) {
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const action = args[0] ?? 'up';
    // Opening the database applies pending migrations, which is exactly `migrate up`.
    const db = await openAppDatabase(config, logger);
    try {
      if (action === 'up') {
        const applied = await listAppliedMigrations(db, systemMigrations);
        say(`Database is up to date (${applied.length} migrations applied).`);
      } else if (action === 'down') {
        const { applied } = await migrateDown(db, systemMigrations);
        say(applied.length ? `Reverted ${applied.join(', ')}.` : 'Nothing to revert.');
      } else if (action === 'list') {
        const applied = new Set(await listAppliedMigrations(db, systemMigrations));
        for (const m of systemMigrations) say(`${applied.has(m.name) ? '[x]' : '[ ]'} ${m.name}`);
      } else {
        say(`Unknown migrate action "${action}". Use up, down or list.`);
        return 2;
      }
      return 0;
    } finally {
      await db.destroy();
    }
  },
};

const superuser: Command = {
  summary: 'Create a superuser, or set the password of an existing one.',
  usage: 'superuser upsert EMAIL PASSWORD [--dir=./data]',
  async run(config, args) {
    const [action, email, password] = args;
    if (action !== 'upsert' || !email || !password) {
      say('Usage: superuser upsert EMAIL PASSWORD');
      return 2;
    }
    const db = await openAppDatabase(config, createLogger('warn'));
    const core = await createCore(db, {
      appName: config.siteTitle,
      appURL: config.publicUrl,
      mailer: appMailer(config, createLogger('warn')),
    });
    try {
      const outcome = await upsertSuperuser(core, email, password);
      say(`Superuser ${email} ${outcome}.`);
      return 0;
    } catch (error) {
      say(`Could not save the superuser: ${(error as Error).message}`);
      return 1;
    } finally {
      await core.close();
      await db.destroy();
    }
  },
};

const seed: Command = {
  summary: 'Create the content pages that are missing, and demo content if the site has no members yet.',
  usage: 'seed [--no-demo] [--dir=./data]',
  async run(config, _args, flags) {
    return withSite(config, async (core) => {
      const report = await seedSite(core, { demo: !flags.noDemo });
      say(`Pages created: ${report.pages}.`);
      say(
        report.admin
          ? `Demo content created. Admin: ${report.admin.email} / ${report.admin.password}`
          : 'No demo content created (the site already has members, or --no-demo).',
      );
      return 0;
    });
  },
};

/** The core as the backup commands need it: the server's settings (where backups go) and data places. */
async function backupCore(config: Config) {
  const logger = createLogger('warn');
  const db = await openAppDatabase(config, logger);
  const core = await createCore(db, {
    appName: config.siteTitle,
    appURL: config.publicUrl,
    mailer: appMailer(config, logger),
    dataDir: config.dataDir,
    ...(config.s3 ? {} : { uploadsDir: path.join(config.dataDir, 'storage') }),
  });
  const close = async () => {
    await core.close();
    await db.destroy();
  };
  return { core, close };
}

const backup: Command = {
  summary: 'Make a backup (as POST /api/backups does) while the site keeps running.',
  usage:
    'backup [NAME.zip] [--dir=./data]   (kept in <dir>/backups, or the S3 bucket settings.backups names)',
  async run(config, args) {
    const { core, close } = await backupCore(config);
    try {
      if (args[0]) await core.backups.checkName(args[0]);
      const key = await core.backups.create(args[0]);
      say(`Backup ${key} written.`);
      return 0;
    } catch (error) {
      say(`Could not make the backup: ${describeFailure(error)}`);
      return 1;
    } finally {
      await close();
    }
  },
};

const restore: Command = {
  summary: 'Replace the data with a backup (a stored backup name, or a zip file). Stop the server first.',
  usage: 'restore NAME.zip|FILE.zip [--dir=./data]',
  async run(config, args) {
    const source = args[0];
    if (!source) {
      say('Usage: restore NAME.zip|FILE.zip');
      return 2;
    }
    const { core, close } = await backupCore(config);
    // The database is closed before its files are replaced (PostgreSQL restores over its own connection).
    const backups = core.backups;
    const stored = fs.existsSync(source) ? null : await backups.stat(source);
    await close();
    if (!stored && !fs.existsSync(source)) {
      say(`No backup named ${source}, and no such file.`);
      return 2;
    }
    try {
      await backups.restoreStopped(stored ? { key: stored.key } : { file: path.resolve(source) });
      say('Restored. The replaced data is kept under <dir>/.restore/.');
      return 0;
    } catch (error) {
      say(`Nothing was changed: ${describeFailure(error)}`);
      return 1;
    }
  },
};

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.data).map((value) => (value as { message?: string }).message);
    return [error.message, ...fields].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

const importArchive: Command = {
  summary:
    'Import an eFiction 3.x archive: members, stories, series, reviews, favorites (docs/operations.md).',
  usage: IMPORT_USAGE,
  run: (config, args, flags) => runImport(config, args, flags.importFrom, say),
};

export const commands: Record<string, Command> = {
  serve,
  migrate,
  superuser,
  seed,
  backup,
  restore,
  import: importArchive,
};

export function helpText(): string {
  const lines = Object.entries(commands).map(
    ([name, c]) => `  ${name.padEnd(10)} ${c.summary}\n${' '.repeat(13)}${c.usage}`,
  );
  return `Usage: npm run cli -- <command> [flags]\n\nCommands:\n${lines.join('\n')}\n\nFlags:\n  --http   address to listen on (default 127.0.0.1:8090)\n  --dir    data directory (default ./data)\n`;
}
