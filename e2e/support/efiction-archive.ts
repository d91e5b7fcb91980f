/**
 * A small eFiction archive in a MariaDB database of the walk's own, as an operator would have it from
 * their old site's dump: one author (with the MD5 of her old password, as eFiction keeps it) and one
 * validated story, its text in the chapters table. Dropped after the walk.
 */
import { createHash, randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

export const OLD_ARCHIVE = {
  penName: 'Edda the Tall',
  username: 'edda_the_tall',
  password: 'the old lighthouse password',
  story: 'The Lighthouse Keeper',
} as const;

export interface Archive {
  url: string;
  drop(): Promise<void>;
}

export async function loadOldArchive(adminUrl: string): Promise<Archive> {
  const database = `e2e_efiction_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: adminUrl, multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET latin1; USE \`${database}\`;
    CREATE TABLE fanfiction_settings (sitekey varchar(50) NOT NULL, sitename varchar(200) NOT NULL DEFAULT '',
      store varchar(5) NOT NULL DEFAULT 'mysql');
    CREATE TABLE fanfiction_authors (uid int NOT NULL, penname varchar(200) NOT NULL, email varchar(200) NOT NULL,
      bio text NOT NULL, date int unsigned NOT NULL, password varchar(40) NOT NULL);
    CREATE TABLE fanfiction_categories (catid int NOT NULL, parentcatid int NOT NULL, category varchar(60) NOT NULL,
      description text NOT NULL, displayorder int NOT NULL);
    CREATE TABLE fanfiction_stories (sid int NOT NULL, title varchar(200) NOT NULL, summary text, storynotes text,
      catid varchar(100) NOT NULL, date int unsigned NOT NULL, updated int unsigned NOT NULL, uid int NOT NULL,
      validated tinyint NOT NULL, completed tinyint NOT NULL);
    CREATE TABLE fanfiction_chapters (chapid int NOT NULL, title varchar(250) NOT NULL, inorder int NOT NULL,
      notes text NOT NULL, storytext text NOT NULL, endnotes text, validated tinyint NOT NULL, sid int NOT NULL,
      uid int NOT NULL);`);
  const md5 = createHash('md5').update(OLD_ARCHIVE.password).digest('hex');
  await admin.query(`INSERT INTO fanfiction_settings VALUES ('site', 'The Old Archive', 'mysql')`);
  await admin.query('INSERT INTO fanfiction_authors VALUES (1, ?, ?, ?, ?, ?)', [
    OLD_ARCHIVE.penName,
    'edda@example.com',
    Buffer.from('<p>I write <b>gentle</b> giantess tales — since 2009.</p>', 'utf8'),
    1241172000,
    md5,
  ]);
  await admin.query('INSERT INTO fanfiction_categories VALUES (1, -1, ?, ?, 1)', ['Giantess', '']);
  await admin.query('INSERT INTO fanfiction_stories VALUES (10, ?, ?, ?, ?, ?, ?, 1, 1, 1)', [
    OLD_ARCHIVE.story,
    'A giantess keeps watch over a tiny village.',
    '',
    '1',
    1262401445,
    1262401445,
  ]);
  await admin.query("INSERT INTO fanfiction_chapters VALUES (100, ?, 1, '', ?, '', 1, 10, 1)", [
    OLD_ARCHIVE.story,
    Buffer.from('The storm came in from the west, and Edda rose — “gently” — from the hill.', 'utf8'),
  ]);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      const connection = await mysql.createConnection({ uri: adminUrl });
      await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await connection.end();
    },
  };
}
