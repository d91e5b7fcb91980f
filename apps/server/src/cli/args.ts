import { parseArgs } from 'node:util';

export interface CliInput {
  command: string | undefined;
  positionals: string[];
  http: string | undefined;
  dir: string | undefined;
  help: boolean;
  /** `seed --no-demo`: pages only. */
  noDemo: boolean;
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
  };
}
