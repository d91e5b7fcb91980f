// `npm run cli -- <command> [flags]`: the server's CLI (serve, migrate, ...), built first if stale.
import { ensureBuild } from './ensure-build.mjs';
import { runServerCli } from './run-server-cli.mjs';

ensureBuild({ quiet: true });
runServerCli(process.argv.slice(2));
