// The pool's worker entry when the server runs from its TypeScript sources (tsx, vitest): worker
// threads of Node 20 do not inherit the loaders of the thread that starts them, so this plain module
// loads ./worker.ts through tsx's API (on the first task, as piscina may `require` this file, which
// allows no top-level await). The built server starts dist/heavy-work-worker.js instead.
import { tsImport } from 'tsx/esm/api';

let entry;

export default async function heavyWork(task) {
  entry ??= tsImport('./worker.ts', import.meta.url);
  const { default: run } = await entry;
  return run(task);
}
