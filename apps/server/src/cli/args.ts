import { parseArgs } from 'node:util';

export interface CliInput {
  command: string | undefined;
  positionals: string[];
  http: string | undefined;
  dir: string | undefined;
  help: boolean;
  /** `seed --no-demo`: pages only. */
  noDemo: boolean;
  /** `import efiction`'s source: `--db`, `--prefix`, `--stories-dir`, `--dry-run`. */
  importFrom: { db?: string; prefix?: string; storiesDir?: string; dryRun: boolean };
}

/** PocketBase-style arguments: `<command> [subcommand args...] [--http=host:port] [--dir=path]`. */
export function parseCliArgs(argv: string[]): CliInput {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      http: { type: 'string' },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      'no-demo': { type: 'boolean' },
      db: { type: 'string' },
      prefix: { type: 'string' },
      'stories-dir': { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  return {
    command,
    positionals: rest,
    http: values.http,
    dir: values.dir,
    help: values.help ?? false,
    noDemo: values['no-demo'] ?? false,
    importFrom: {
      ...(values.db !== undefined ? { db: values.db } : {}),
      ...(values.prefix !== undefined ? { prefix: values.prefix } : {}),
      ...(values['stories-dir'] !== undefined ? { storiesDir: values['stories-dir'] } : {}),
      dryRun: values['dry-run'] ?? false,
    },
  };
}
