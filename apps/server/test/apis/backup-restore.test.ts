/**
 * A restore through the API on both dialects, as PocketBase's `RestoreBackup` does it: back up,
 * change the data (an account, an uploaded file), restore, and the server that starts again on the
 * same address answers with the data as it was at the backup. The server is the real one
 * (`startApp`), so the restart is the real restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../src/app';
import { upsertSuperuser } from '../../src/cli/superuser';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/tools/logger';
import { describeEachDialect } from '../support/databases';
import { PASSWORD } from '../support/fixture';
import { sleep } from '../support/wait';

describeEachDialect('restoring a backup', (getDb) => {
  let app: RunningApp | undefined;
  afterAll(async () => {
    await app?.close();
  });

  /** Asks until `check` holds; the server is away for a moment while it restarts. */
  async function eventually(label: string, check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const held = await check().catch(() => false);
      if (held) return;
      if (Date.now() > deadline) throw new Error(`${label}: not within 90 s`);
      await sleep(100);
    }
  }

  it('answers with the old data after a restore, and keeps the replaced data aside', async () => {
    const { dataDir, databaseUrl } = getDb();
    const config = loadConfig(
      { LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      { http: '127.0.0.1:0', dir: dataDir },
    );
    app = await startApp({ ...config, webDist: '/nonexistent' }, createLogger('silent'));
    const url = app.url;
    await upsertSuperuser(app.core, 'root@example.com', PASSWORD);
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    const storage = path.join(dataDir, 'storage');
    fs.writeFileSync(path.join(storage, 'kept.txt'), 'from before the backup');

    expect(await pb.backups.create('before.zip')).toBe(true);
    expect((await pb.backups.getFullList()).map((b) => b.key)).toEqual(['before.zip']);

    // What happens after the backup: an account, a file added and a file removed.
    await pb.collection('_superusers').create({
      email: 'later@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    fs.rmSync(path.join(storage, 'kept.txt'));
    fs.writeFileSync(path.join(storage, 'added-later.txt'), 'after the backup');
    const later = () =>
      pb
        .collection('_superusers')
        .getList(1, 1, { filter: pb.filter('email = {:e}', { e: 'later@example.com' }) });
    expect((await later()).totalItems).toBe(1);

    expect(await pb.backups.restore('before.zip')).toBe(true);

    await eventually('the restored server answers without the later account', async () => {
      if (app!.url !== url) return false;
      return (await later()).totalItems === 0;
    });
    // Same address, same sign-in: the account from before the backup is there.
    const again = new PocketBase(url);
    await again.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    expect(fs.readFileSync(path.join(storage, 'kept.txt'), 'utf8')).toBe('from before the backup');
    expect(fs.existsSync(path.join(storage, 'added-later.txt'))).toBe(false);
    // The backups themselves were not part of what was replaced.
    expect((await again.backups.getFullList()).map((b) => b.key)).toEqual(['before.zip']);
    // The replaced data is kept for the operator.
    const replaced = fs
      .readdirSync(path.join(dataDir, '.restore'))
      .filter((name) => name.startsWith('replaced-'));
    expect(replaced).toHaveLength(1);
    expect(fs.readdirSync(path.join(dataDir, '.restore', replaced[0]!, 'storage'))).toContain(
      'added-later.txt',
    );
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
  });

  it('refuses a backup made on the other database, and keeps serving', async () => {
    const pb = new PocketBase(app!.url);
    await pb.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    const other = getDb().dialect === 'sqlite' ? 'postgres' : 'sqlite';
    const { writeZip } = await import('../../src/tools/backups/archive');
    const zip = path.join(getDb().dataDir, 'other.zip');
    await writeZip(zip, {
      json: { 'backup.json': { format: 1, dialect: other, created: '' } },
      files: {},
      dirs: {},
    });
    await pb.backups.upload({
      file: new File([fs.readFileSync(zip)], 'other.zip', { type: 'application/zip' }),
    });
    await expect(app!.core.backups.restoreStopped({ key: 'other.zip' })).rejects.toThrow(
      new RegExp(`made on ${other}`),
    );
    expect((await fetch(`${app!.url}/api/health/ready`)).status).toBe(200);
  });
});
