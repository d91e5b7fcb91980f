/**
 * A real server process started from the sources (`node --import tsx src/main.ts serve`), as an
 * operator would start one of several behind a proxy: its own port and data directory, the
 * environment given (DATABASE_URL, REDIS_URL, ...). Stopped with SIGTERM; its output is kept for
 * diagnosing a failed test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 100_000;

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-process-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', 'serve', '--http=127.0.0.1:0', `--dir=${dataDir}`],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        // No load shedding (unless a test asks): the suites share a busy machine.
        LOAD_SHED_DELAY_MS: '0',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    return child.exitCode;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = /Server started at (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, process: child, output: () => output, stop };
}
