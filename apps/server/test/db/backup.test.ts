import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { restorePostgres } from '../../src/db/postgres/dump';
import { openSqlite } from '../../src/db/sqlite/connect';
import { restoreSqlite } from '../../src/db/sqlite/restore';
import { createTestDatabase, describeEachDialect } from '../support/databases';

describeEachDialect('backup and restore', (getDb) => {
  it('takes a consistent copy while the database is in use, and restores it', async () => {
    const { db, dialect } = getDb();
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('_params')
      .values({ id: 'before-backup', value: '1', created: now, updated: now })
      .execute();
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'community-backup-')),
      dialect === 'sqlite' ? 'copy.db' : 'copy.dump',
    );
    await db.backup(file);
    // A write after the backup is not in it.
    await db.kysely
      .insertInto('_params')
      .values({ id: 'after-backup', value: '1', created: now, updated: now })
      .execute();
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    if (dialect === 'sqlite') {
      const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'community-restore-')), 'data.db');
      expect(restoreSqlite(file, target)).toBeNull();
      const restored = openSqlite(target);
      const ids = (await restored.kysely.selectFrom('_params').select('id').execute()).map(
        (r: { id: string }) => r.id,
      );
      expect(ids).toContain('before-backup');
      expect(ids).not.toContain('after-backup');
      await restored.destroy();
    } else {
      const fresh = await createTestDatabase('postgres', { migrate: false });
      await restorePostgres(fresh.databaseUrl!, file);
      const ids = (await fresh.db.kysely.selectFrom('_params').select('id').execute()).map(
        (r: { id: string }) => r.id,
      );
      expect(ids).toContain('before-backup');
      expect(ids).not.toContain('after-backup');
      await fresh.drop();
    }
  });

  it('refuses to restore a file that is not a healthy database', () => {
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'community-bad-')), 'bad.db');
    fs.writeFileSync(bad, 'not a database');
    expect(() => restoreSqlite(bad, path.join(path.dirname(bad), 'data.db'))).toThrow();
    expect(fs.existsSync(path.join(path.dirname(bad), 'data.db'))).toBe(false);
  });
});
