import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BetterSqliteDialect, GROUP_COMMIT_MAX } from '../../src/db/sqlite/driver';

/**
 * The embedded database's writer commits the transactions queued for it together (db/sqlite/driver.ts):
 * one durable commit answers a group, each member's writes stand or fall with its own work, and
 * nobody is answered before the commit that holds their writes has returned.
 */
/** The tests write with raw SQL only; the schema type is not used. */
type Notes = Record<string, never>;

describe('SQLite group commit', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  /** A writer as the server opens it, a reader beside it, and a count of the group commits made. */
  function open() {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'community-group-')), 'data.db');
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = FULL');
    connection.pragma('foreign_keys = ON');
    connection.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, author TEXT NOT NULL, body TEXT NOT NULL);
      CREATE TABLE parents (id TEXT PRIMARY KEY);
      CREATE TABLE children (id TEXT PRIMARY KEY,
        parent TEXT REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`);
    const commits = { count: 0 };
    const exec = connection.exec.bind(connection);
    connection.exec = (source: string) => {
      if (source === 'commit') commits.count++;
      return exec(source);
    };
    const writer = new Kysely<Notes>({ dialect: new BetterSqliteDialect(connection, 'writer') });
    const reader = new SQLite(file, { readonly: true });
    closing.push(async () => {
      reader.close();
      await writer.destroy();
    });
    const committedNotes = (author: string) =>
      (
        reader.prepare('SELECT body FROM notes WHERE author = ? ORDER BY id').all(author) as Array<{
          body: string;
        }>
      ).map((row) => row.body);
    return { writer, commits, committedNotes };
  }

  /** A transaction that writes, awaits as a hook would (so others queue behind it), and writes again. */
  const twoNotes = (writer: Kysely<Notes>, author: string, fail = false) =>
    writer.transaction().execute(async (trx) => {
      await sql`INSERT INTO notes (author, body) VALUES (${author}, 'first')`.execute(trx);
      await new Promise((resolve) => setImmediate(resolve));
      await sql`INSERT INTO notes (author, body) VALUES (${author}, 'second')`.execute(trx);
      if (fail) throw new Error(`${author} changed their mind`);
      return author;
    });

  it('commits the transactions queued for the writer together, answering each once its writes are durable', async () => {
    const { writer, commits, committedNotes } = open();
    const seenAtAnswer = new Map<string, string[]>();
    const authors = Array.from({ length: 10 }, (_, i) => `member${i}`);
    await Promise.all([
      ...authors.map((author) =>
        twoNotes(writer, author).then(() => seenAtAnswer.set(author, committedNotes(author))),
      ),
      // A statement outside any transaction, queued among them: it commits the open group first.
      sql`INSERT INTO notes (author, body) VALUES ('loner', 'alone')`
        .execute(writer)
        .then(() => seenAtAnswer.set('loner', committedNotes('loner'))),
    ]);
    for (const author of authors) expect(seenAtAnswer.get(author)).toEqual(['first', 'second']);
    expect(seenAtAnswer.get('loner')).toEqual(['alone']);
    // Eleven writes, far fewer waits for the disk (the loner's autocommit is not counted).
    expect(commits.count).toBeGreaterThanOrEqual(1);
    expect(commits.count).toBeLessThan(authors.length / 2);
  });

  it('keeps the writes of the other members when one of them rolls back', async () => {
    const { writer, commits, committedNotes } = open();
    const results = await Promise.allSettled([
      twoNotes(writer, 'ann'),
      twoNotes(writer, 'bob', true),
      twoNotes(writer, 'cid'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('bob changed their mind');
    expect(committedNotes('ann')).toEqual(['first', 'second']);
    expect(committedNotes('bob')).toEqual([]);
    expect(committedNotes('cid')).toEqual(['first', 'second']);
    expect(commits.count).toBe(1);
  });

  it('answers every member of a group whose commit fails with the error, and keeps none of their writes', async () => {
    const { writer, committedNotes } = open();
    // A deferred foreign key is checked only by the commit, so one member's orphan fails the group.
    const orphan = writer.transaction().execute(async (trx) => {
      await new Promise((resolve) => setImmediate(resolve));
      await sql`INSERT INTO children (id, parent) VALUES ('c1', 'nobody')`.execute(trx);
    });
    const results = await Promise.allSettled([twoNotes(writer, 'ann'), orphan]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNotes('ann')).toEqual([]);
    // The writer works on afterwards.
    await expect(twoNotes(writer, 'ann')).resolves.toBe('ann');
    expect(committedNotes('ann')).toEqual(['first', 'second']);
  });

  it('never puts more than the group limit into one commit', async () => {
    const { writer, commits, committedNotes } = open();
    const authors = Array.from({ length: GROUP_COMMIT_MAX * 3 }, (_, i) => `member${i}`);
    await Promise.all(authors.map((author) => twoNotes(writer, author)));
    expect(commits.count).toBeGreaterThanOrEqual(3);
    for (const author of authors) expect(committedNotes(author)).toEqual(['first', 'second']);
  });
});
