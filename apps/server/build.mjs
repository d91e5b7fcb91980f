// Bundles the server into dist/main.js, and the worker threads' entry (src/tools/workers/worker.ts)
// into dist/heavy-work-worker.js beside it, where tools/workers/pool.ts looks for it. npm packages stay
// external (installed beside it); the workspace's own TypeScript packages (@community/*) are bundled
// in, since Node cannot run them as-is.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@community/'),
);

await build({
  entryPoints: { main: 'src/main.ts', 'heavy-work-worker': 'src/tools/workers/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
