// `npm run screens`: builds what is stale, then photographs every main screen at 1280 and 360 px on a
// throwaway server with the demo content and rewrites docs/screens/ and docs/screens.md (e2e/screens.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuild();
const result = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/screens.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
