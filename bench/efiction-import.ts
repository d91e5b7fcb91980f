/**
 * Times `import efiction` of a generated eFiction archive (docs/benchmarks.md, "eFiction import"):
 *
 *   npm run bench:import -- [--stories 10000] [--dialect sqlite|postgres]
 *
 * The archive is made in a fresh MariaDB database (`TEST_MARIADB_URL`, default root on 127.0.0.1:3306) in
 * the shape of a real one: one author per five stories, a third of the stories in several chapters of
 * about 3 KB of HTML each, series of three stories, three reviews per story (some by guests, some with an
 * author's response), two favorites per story and a favorite author per member. It is imported into a
 * fresh site (a SQLite file, or a PostgreSQL database from `TEST_POSTGRES_URL`) through the same function
 * the command runs, then once more (nothing new: what a second run costs). Both are dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { communityCollections } from '../apps/server/src/collections';
import { createCore } from '../apps/server/src/core';
import { systemMigrations } from '../apps/server/src/core/migrations';
import { createMailer } from '../apps/server/src/core/mail/mailer';
import { migrateToLatest } from '../apps/server/src/db/migrations/runner';
import { openPostgres } from '../apps/server/src/db/postgres/connect';
import { openSqlite } from '../apps/server/src/db/sqlite/connect';
import type { Database } from '../apps/server/src/db/types';
import { importEfiction } from '../apps/server/src/importers/efiction/import';
import type { Progress } from '../apps/server/src/importers/progress';
import { registerSite } from '../apps/server/src/site';
import { ensureCollections } from '../apps/server/src/site/ensure-collections';

const { values } = parseArgs({
  options: { stories: { type: 'string', default: '10000' }, dialect: { type: 'string', default: 'sqlite' } },
});
const STORIES = Number(values.stories);
const DIALECT = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
const MARIADB = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/';
const POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => process.stdout.write(`${line}\n`);

const PARAGRAPH =
  '<p>The storm came in from the west, and Edda rose from the hill to meet it. Below her, the lanterns of the ' +
  'village flickered like fireflies, and the fishermen looked up — “gently now,” she said — as the sea ' +
  'climbed the harbour wall. <i>Nobody</i> in the village had ever seen her hurry.</p>';
const CHAPTER_HTML = PARAGRAPH.repeat(8);

async function insertRows(db: mysql.Connection, table: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.query(`INSERT INTO ${table} VALUES ?`, [rows.slice(i, i + 500)]);
  }
}

/** The generated archive; returns its connection string and what it holds. */
async function makeArchive(database: string): Promise<{ url: string; counts: Record<string, number> }> {
  const admin = await mysql.createConnection({ uri: MARIADB, multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET latin1; USE \`${database}\`;
    CREATE TABLE fanfiction_settings (sitekey varchar(50), sitename varchar(200), store varchar(5));
    CREATE TABLE fanfiction_authors (uid int PRIMARY KEY, penname varchar(200), email varchar(200), bio text,
      date int unsigned, password varchar(40));
    CREATE TABLE fanfiction_categories (catid int PRIMARY KEY, parentcatid int, category varchar(60),
      description text, displayorder int);
    CREATE TABLE fanfiction_classtypes (classtype_id int PRIMARY KEY, classtype_name varchar(50), classtype_title varchar(50));
    CREATE TABLE fanfiction_classes (class_id int PRIMARY KEY, class_type int, class_name varchar(100));
    CREATE TABLE fanfiction_characters (charid int PRIMARY KEY, charname varchar(60));
    CREATE TABLE fanfiction_ratings (rid int PRIMARY KEY, rating varchar(60));
    CREATE TABLE fanfiction_stories (sid int PRIMARY KEY, title varchar(200), summary text, storynotes text,
      catid varchar(100), classes varchar(200), charid varchar(250), rid varchar(25), date int unsigned,
      updated int unsigned, uid int, validated tinyint, completed tinyint);
    CREATE TABLE fanfiction_chapters (chapid int PRIMARY KEY, title varchar(250), inorder int, notes text,
      storytext mediumtext, endnotes text, validated tinyint, sid int, uid int, KEY (sid));
    CREATE TABLE fanfiction_series (seriesid int PRIMARY KEY, title varchar(200), summary text, uid int,
      catid varchar(200), classes varchar(200), characters varchar(250), rating tinyint);
    CREATE TABLE fanfiction_inseries (seriesid int, sid int, subseriesid int, inorder int, PRIMARY KEY (sid, seriesid));
    CREATE TABLE fanfiction_reviews (reviewid int PRIMARY KEY, item int, chapid int, reviewer varchar(60), uid int,
      review text, date int unsigned, type char(2));
    CREATE TABLE fanfiction_favorites (uid int, item int, type char(2), UNIQUE KEY (uid, type, item));`);
  const authors = Math.max(2, Math.round(STORIES / 5));
  const start = Date.UTC(2006, 0, 1) / 1000;
  await admin.query(`INSERT INTO fanfiction_settings VALUES ('bench', 'Bench Archive', 'mysql')`);
  await insertRows(
    admin,
    'fanfiction_authors',
    Array.from({ length: authors }, (_, i) => [
      i + 1,
      `Writer ${i + 1}${i % 7 === 0 ? ' Größe' : ''}`,
      `writer${i + 1}@example.com`,
      Buffer.from(`<p>Writer number ${i + 1} — “tall tales”.</p>`, 'utf8'),
      start + i * 3600,
      createHash('md5')
        .update(`password ${i + 1}`)
        .digest('hex'),
    ]),
  );
  await insertRows(
    admin,
    'fanfiction_categories',
    Array.from({ length: 20 }, (_, i) => [i + 1, i < 5 ? -1 : (i % 5) + 1, `Category ${i + 1}`, '', i]),
  );
  await insertRows(admin, 'fanfiction_classtypes', [
    [1, 'genres', 'Genres'],
    [2, 'warnings', 'Warnings'],
  ]);
  await insertRows(
    admin,
    'fanfiction_classes',
    Array.from({ length: 30 }, (_, i) => [i + 1, i < 20 ? 1 : 2, `Class ${i + 1}`]),
  );
  await insertRows(
    admin,
    'fanfiction_characters',
    Array.from({ length: 50 }, (_, i) => [i + 1, `Character ${i + 1}`]),
  );
  await insertRows(admin, 'fanfiction_ratings', [
    [1, 'General'],
    [2, 'Teen'],
    [3, 'Mature'],
    [4, 'Adult'],
  ]);
  const stories: unknown[][] = [];
  const chapters: unknown[][] = [];
  for (let sid = 1; sid <= STORIES; sid++) {
    const uid = ((sid - 1) % authors) + 1;
    const date = start + sid * 600;
    stories.push([
      sid,
      `Story ${sid}`,
      `The summary of story ${sid}, with <b>bold</b> words.`,
      '',
      String((sid % 20) + 1),
      `${(sid % 20) + 1},${(sid % 10) + 21}`,
      String((sid % 50) + 1),
      String((sid % 4) + 1),
      date,
      date + 86_400,
      uid,
      sid % 25 === 0 ? 0 : 1,
      sid % 2,
    ]);
    const count = sid % 3 === 0 ? 2 + (sid % 5) : 1;
    for (let n = 1; n <= count; n++) {
      chapters.push([sid * 10 + (count - n), `Chapter ${n}`, n, '', CHAPTER_HTML, '', 1, sid, uid]);
    }
  }
  await insertRows(admin, 'fanfiction_stories', stories);
  await insertRows(admin, 'fanfiction_chapters', chapters);
  const seriesCount = Math.floor(STORIES / 20);
  await insertRows(
    admin,
    'fanfiction_series',
    Array.from({ length: seriesCount }, (_, i) => [
      i + 1,
      `Series ${i + 1}`,
      'Three stories.',
      1,
      '1',
      '',
      '',
      1,
    ]),
  );
  // Series take stories whose number is 1 or 2 modulo 3 (one chapter each), three apiece.
  const inSeries: unknown[][] = [];
  let next = 1;
  for (let s = 1; s <= seriesCount; s++) {
    for (let k = 0; k < 3; k++) {
      while (next % 3 === 0) next++;
      inSeries.push([s, next, 0, k + 1]);
      next++;
    }
  }
  await insertRows(admin, 'fanfiction_inseries', inSeries);
  const reviews: unknown[][] = [];
  for (let sid = 1; sid <= STORIES; sid++) {
    for (let r = 0; r < 3; r++) {
      const id = reviews.length + 1;
      const guest = r === 2;
      const text =
        r === 1 ? "Loved it!<br><br><i>Author's Response: Thank you!</i>" : 'A fine chapter, well told.';
      reviews.push([
        id,
        sid,
        0,
        guest ? 'A visitor' : `Writer ${r + 1}`,
        guest ? 0 : ((sid + r) % authors) + 1,
        text,
        start + sid * 600 + r * 60,
        'ST',
      ]);
    }
  }
  await insertRows(admin, 'fanfiction_reviews', reviews);
  const favorites: unknown[][] = [];
  for (let sid = 1; sid <= STORIES; sid++) {
    for (const offset of [1, 2]) favorites.push([((sid + offset) % authors) + 1, sid, 'ST']);
  }
  for (let uid = 1; uid <= authors; uid++) favorites.push([uid, (uid % authors) + 1, 'AU']);
  await admin.query('INSERT IGNORE INTO fanfiction_favorites VALUES ?', [favorites]);
  await admin.end();
  const url = new URL(MARIADB);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    counts: {
      authors,
      stories: STORIES,
      chapters: chapters.length,
      series: seriesCount,
      reviews: reviews.length,
      favorites: favorites.length,
    },
  };
}

async function openSite(): Promise<{ db: Database; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  if (DIALECT === 'sqlite') {
    const db = openSqlite(path.join(dir, 'data.db'));
    return { db, drop: async () => (await db.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { poolSize: 4 });
  return {
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Each phase's time, printed as it ends. */
const timedPhases: Progress = {
  phase(label, total) {
    const started = Date.now();
    return {
      advance: () => undefined,
      done: () =>
        log(
          `    ${label.padEnd(12)} ${String(total).padStart(7)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ),
    };
  },
};

async function main(): Promise<void> {
  const database = `bench_efiction_${randomBytes(4).toString('hex')}`;
  log(`Generating an eFiction archive of ${STORIES} stories in MariaDB (${database})...`);
  const made = Date.now();
  const archive = await makeArchive(database);
  log(`  ${JSON.stringify(archive.counts)} in ${((Date.now() - made) / 1000).toFixed(1)} s`);
  const site = await openSite();
  try {
    await migrateToLatest(site.db, systemMigrations);
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir: os.tmpdir(),
      from: 'bench@example.com',
      log: () => undefined,
    });
    const core = await createCore(site.db, { appName: 'Bench', appURL: 'http://127.0.0.1', mailer });
    await ensureCollections(core, communityCollections);
    registerSite(core);
    for (const run of ['first', 'again']) {
      const started = Date.now();
      const report = await importEfiction(core, { db: archive.url, progress: timedPhases });
      const seconds = (Date.now() - started) / 1000;
      const imported = Object.fromEntries(report.imported);
      log(`${DIALECT}, ${run} run: ${seconds.toFixed(1)} s ${JSON.stringify(imported)}`);
      if (run === 'first') log(`  ${(STORIES / seconds).toFixed(0)} stories/s`);
    }
    await core.close();
  } finally {
    await site.drop();
    const admin = await mysql.createConnection({ uri: MARIADB });
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exitCode = 1;
});
