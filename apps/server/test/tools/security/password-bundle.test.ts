// The hasher must work when the server is bundled by esbuild into one ESM file with npm packages left
// external, and must never keep a process alive once closed (or once idle). Each case bundles a small
// script the way build.mjs bundles src/main.ts and runs it in a fresh `node`.
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const passwordModule = fileURLToPath(new URL('../../../src/tools/security/password.ts', import.meta.url));
// The node_modules folder holding bcryptjs, linked beside the bundle as it is beside dist/main.js.
const nodeModules = dirname(dirname(dirname(createRequire(import.meta.url).resolve('bcryptjs'))));

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'password-bundle-'));
  await symlink(nodeModules, join(dir, 'node_modules'), 'dir');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function bundleAndRun(name: string, body: string): Promise<{ code: number | null; stdout: string }> {
  const entry = join(dir, `${name}.ts`);
  const outfile = join(dir, `${name}.mjs`);
  await writeFile(entry, `import { PasswordHasher } from ${JSON.stringify(passwordModule)};\n${body}\n`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  return new Promise((resolve) => {
    execFile(process.execPath, [outfile], { timeout: 15_000, cwd: dir }, (error, stdout, stderr) => {
      if (stderr) console.error(stderr);
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout });
    });
  });
}

describe('PasswordHasher from an esbuild bundle', () => {
  it('hashes and verifies, and close() lets the process exit', async () => {
    const result = await bundleAndRun(
      'closed',
      `const hasher = new PasswordHasher({ poolSize: 2 });
const hash = await hasher.hash('bundle-password');
const good = await hasher.verify('bundle-password', hash);
const bad = await hasher.verify('wrong', hash);
const stats = hasher.stats();
await hasher.close();
console.log(JSON.stringify({ prefix: hash.slice(0, 7), good, bad, stats, after: hasher.stats() }));`,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      prefix: '$2b$10$',
      good: true,
      bad: false,
      stats: { workers: 1, busy: 0, queued: 0 },
      after: { workers: 0, busy: 0, queued: 0 },
    });
  });

  it('idle workers do not keep the process alive even without close()', async () => {
    const started = Date.now();
    const result = await bundleAndRun(
      'idle',
      `const hasher = new PasswordHasher();
console.log(String(await hasher.verify('x', await hasher.hash('x'))));`,
    );
    expect(result).toEqual({ code: 0, stdout: 'true\n' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('close() with jobs in flight still exits promptly', async () => {
    const result = await bundleAndRun(
      'inflight',
      `const hasher = new PasswordHasher({ poolSize: 1, maxQueue: 50 });
const jobs = Array.from({ length: 40 }, (_, i) => hasher.hash('p' + i).then(() => 'ok', (e) => e.name));
await hasher.close();
const outcomes = await Promise.all(jobs);
console.log(JSON.stringify([...new Set(outcomes)]));`,
    );
    expect(result).toEqual({ code: 0, stdout: '["PasswordHasherClosedError"]\n' });
  });
});
