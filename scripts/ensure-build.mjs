// Builds the web app and the server bundle when they are missing or older than their sources, so
// `npm start`, `npm run cli` and `npm test` always run what the checkout holds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time under the given paths (files or directories), ignoring build output. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

function mtimeOf(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return -1;
  }
}

const targets = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages',
      'package-lock.json',
    ],
    workspace: '@community/web',
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages', 'package-lock.json'],
    workspace: '@community/server',
  },
];

export function ensureBuild({ quiet = false } = {}) {
  for (const target of targets) {
    if (mtimeOf(target.output) >= newestMtime(target.sources)) continue;
    if (!quiet) console.log(`Building the ${target.name}...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: root,
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    if (result.status !== 0) {
      console.error(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}
