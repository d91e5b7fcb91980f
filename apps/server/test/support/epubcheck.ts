/**
 * Debian's EPUBCheck (package `epubcheck`, installed by .ci/run), the reference EPUB validator. Its
 * /usr/bin/epubcheck is the jar itself (run through binfmt, which containers often lack), so it is
 * started with `java -jar`. Without CI=true a machine without it skips the validation; with CI=true
 * its absence fails the run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { isCI } from './services';

const JAR = '/usr/share/java/epubcheck.jar';

export const hasEpubcheck = fs.existsSync(JAR);

/** Run a test only where EPUBCheck can run (always under CI=true, where a missing one fails). */
export const epubcheckAvailable = hasEpubcheck || isCI;

export interface EpubcheckResult {
  errors: number;
  fatals: number;
  output: string;
}

/** Validates one EPUB file; resolves with the counts EPUBCheck reports (and its whole report). */
export async function epubcheck(file: string): Promise<EpubcheckResult> {
  if (!hasEpubcheck) throw new Error(`EPUBCheck is not installed (${JAR}); .ci/run installs it`);
  let output: string;
  try {
    const { stdout, stderr } = await promisify(execFile)('java', ['-jar', JAR, file], {
      maxBuffer: 16 * 1024 * 1024,
    });
    output = stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = (failed.stdout ?? '') + (failed.stderr ?? '');
  }
  const counts = /Messages:\s*(\d+) fatals?\s*\/\s*(\d+) errors?/.exec(output);
  if (!counts) throw new Error(`EPUBCheck gave no summary:\n${output}`);
  return { fatals: Number(counts[1]), errors: Number(counts[2]), output };
}

/** The entries of a zip file (read from its central directory), in their order, inflated. */
export function readZip(
  zip: Buffer,
): Array<{ name: string; method: number; extra: number; content: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const extra = zip.readUInt16LE(local + 28);
    const start = local + 30 + zip.readUInt16LE(local + 26) + extra;
    const data = zip.subarray(start, start + size);
    entries.push({ name, method, extra, content: method === 0 ? data : inflateRawSync(data) });
    at = next;
  }
  return entries;
}
