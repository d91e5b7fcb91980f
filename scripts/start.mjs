// `npm start`: build what is stale, then serve the site on 127.0.0.1:8090 with ./data.
import { ensureBuild } from './ensure-build.mjs';
import { runServerCli } from './run-server-cli.mjs';

ensureBuild();
runServerCli(['serve', ...process.argv.slice(2)]);
