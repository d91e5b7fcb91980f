/** The command-line entry point: `node dist/main.js <command>`, or `npm run cli -- <command>` from the root. */
import path from 'node:path';
import { parseCliArgs } from './cli/args';
import { commands, helpText } from './cli/commands';
import { ConfigError, loadConfig, loadEnvFile } from './config';

async function main(argv: string[]): Promise<number | 'running'> {
  let input;
  try {
    input = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${helpText()}`);
    return 2;
  }
  if (input.help || !input.command) {
    process.stdout.write(helpText());
    return input.command || input.help ? 0 : 2;
  }
  const command = commands[input.command];
  if (!command) {
    process.stderr.write(`Unknown command "${input.command}".\n\n${helpText()}`);
    return 2;
  }
  // `.env` beside where the server starts (the repository root for `npm start`); real variables win.
  loadEnvFile(path.resolve('.env'));
  const config = loadConfig(process.env, { http: input.http, dir: input.dir });
  return command.run(config, input.positionals, { noDemo: input.noDemo, importFrom: input.importFrom });
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result !== 'running') process.exitCode = result;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
    );
    process.exitCode = 1;
  },
);
