// `npm test`: builds what is stale (the browser suite runs the built site), runs every workspace's
// suites in one Vitest run, and ends with the totals on one line: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuild();

const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'community-vitest-')), 'report.json');
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);

let report;
try {
  report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  console.error('Vitest wrote no report: the run did not complete.');
  process.exit(result.status || 1);
}
// A file that fails to load counts as a failure even though none of its tests ran.
const brokenFiles = report.testResults.filter(
  (file) => file.status === 'failed' && file.assertionResults.length === 0,
).length;
let failed = report.numFailedTests + brokenFiles;
if (result.status !== 0 && failed === 0) {
  // Vitest failed outside any test (a global setup, an unhandled error): that is a failure too.
  console.error('The run failed outside the tests; see the errors above.');
  failed = 1;
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(result.status ?? 1);
