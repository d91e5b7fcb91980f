/**
 * A small eFiction 3.5 archive made for the importer's tests: its tables as eFiction declares them
 * (latin1, as most old installs are), holding what real archives hold: UTF-8 bytes and Windows-1252 bytes
 * side by side, pen names that are no valid usernames or clash once lower-cased, a multi-chapter story
 * whose chapter ids are not in reading order, an unvalidated story, co-authors, guest reviews, an author's
 * response, favorites of each kind and hostile HTML. Text goes in as raw bytes (Buffers), never converted.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestMariadb } from '../support/mariadb';

/** The bytes of `text` in UTF-8. */
export const utf8 = (text: string) => Buffer.from(text, 'utf8');

const WINDOWS_1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** The bytes of `text` in Windows-1252 (what MySQL calls latin1). */
export function cp1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = WINDOWS_1252[char] ?? char.charCodeAt(0);
      if (code > 0xff) throw new Error(`${char} has no Windows-1252 byte`);
      return code;
    }),
  );
}

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** 2010-01-02 03:04:05 UTC and friends, as eFiction stores dates (Unix seconds). */
export const when = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export const OLD_PASSWORDS = {
  giantess: 'lighthouse keeper 1',
  // Typed on a page served as ISO-8859-1: PHP hashed its Latin-1 bytes.
  tom: 'Größe-und-Mut',
  jo: 'abc',
} as const;

/** Texts the tests expect back, exactly. */
export const TEXTS = {
  giantessBio: 'Café owner — “gentle” giantess. 日本語も少し。',
  tomBio: 'Writes “tiny” tales – one café at a time…',
  pocketSummary: 'Waking up three inches tall – in a “very” large apartment.',
  lighthouseText: 'The storm came in from the west, and Edda rose — “gently” — from the hill.',
  wakingText: 'The alarm clock was the size of a house.',
  breakfastText: 'Breakfast was a crumb the size of a boulder.',
  catText: 'Then the cat came – and Tom ran.',
} as const;

const SCHEMA = `
CREATE TABLE {p}settings (sitekey varchar(50) NOT NULL, sitename varchar(200) NOT NULL DEFAULT '',
  store varchar(5) NOT NULL DEFAULT 'files', storiespath varchar(20) NOT NULL DEFAULT 'stories', PRIMARY KEY (sitekey))
  DEFAULT CHARSET=latin1;
CREATE TABLE {p}authors (uid int NOT NULL AUTO_INCREMENT, penname varchar(200) NOT NULL DEFAULT '',
  realname varchar(200) NOT NULL DEFAULT '', email varchar(200) NOT NULL DEFAULT '', website varchar(200) NOT NULL DEFAULT '',
  bio text NOT NULL, image varchar(200) NOT NULL DEFAULT '', date int unsigned NOT NULL DEFAULT 0,
  admincreated int NOT NULL DEFAULT 0, password varchar(40) NOT NULL DEFAULT '0', PRIMARY KEY (uid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}authorprefs (uid int NOT NULL, level tinyint NOT NULL DEFAULT 0, PRIMARY KEY (uid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}categories (catid int NOT NULL AUTO_INCREMENT, parentcatid int NOT NULL DEFAULT -1,
  category varchar(60) NOT NULL DEFAULT '', description text NOT NULL, image varchar(100) NOT NULL DEFAULT '',
  locked tinyint NOT NULL DEFAULT 0, leveldown tinyint NOT NULL DEFAULT 0, displayorder int NOT NULL DEFAULT 0,
  numitems int NOT NULL DEFAULT 0, PRIMARY KEY (catid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}classtypes (classtype_id int NOT NULL AUTO_INCREMENT, classtype_name varchar(50) NOT NULL DEFAULT '',
  classtype_title varchar(50) NOT NULL DEFAULT '', PRIMARY KEY (classtype_id)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}classes (class_id int NOT NULL AUTO_INCREMENT, class_type int NOT NULL DEFAULT 0,
  class_name varchar(100) NOT NULL DEFAULT '', PRIMARY KEY (class_id)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}characters (charid int NOT NULL AUTO_INCREMENT, catid int NOT NULL DEFAULT 0,
  charname varchar(60) NOT NULL DEFAULT '', bio text NOT NULL, image varchar(200) NOT NULL DEFAULT '',
  PRIMARY KEY (charid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}ratings (rid int NOT NULL AUTO_INCREMENT, rating varchar(60) NOT NULL DEFAULT '',
  ratingwarning int NOT NULL DEFAULT 0, warningtext text NOT NULL, PRIMARY KEY (rid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}stories (sid int NOT NULL AUTO_INCREMENT, title varchar(200) NOT NULL DEFAULT '', summary text,
  storynotes text, catid varchar(100) NOT NULL DEFAULT '0', classes varchar(200) DEFAULT NULL,
  charid varchar(250) NOT NULL DEFAULT '0', rid varchar(25) NOT NULL DEFAULT '0', date int unsigned NOT NULL DEFAULT 0,
  updated int unsigned NOT NULL DEFAULT 0, uid int NOT NULL DEFAULT 0, coauthors varchar(200) DEFAULT NULL,
  featured tinyint NOT NULL DEFAULT 0, validated tinyint NOT NULL DEFAULT 0, completed tinyint NOT NULL DEFAULT 0,
  rr tinyint NOT NULL DEFAULT 0, wordcount int NOT NULL DEFAULT 0, rating tinyint NOT NULL DEFAULT 0,
  reviews smallint NOT NULL DEFAULT 0, count int NOT NULL DEFAULT 0, challenges varchar(200) NOT NULL DEFAULT '0',
  PRIMARY KEY (sid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}coauthors (sid int NOT NULL DEFAULT 0, uid int NOT NULL DEFAULT 0, PRIMARY KEY (sid, uid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}chapters (chapid int NOT NULL AUTO_INCREMENT, title varchar(250) NOT NULL DEFAULT '',
  inorder int NOT NULL DEFAULT 0, notes text NOT NULL, storytext text NOT NULL, endnotes text,
  validated tinyint NOT NULL DEFAULT 0, wordcount int NOT NULL DEFAULT 0, rating tinyint NOT NULL DEFAULT 0,
  reviews smallint NOT NULL DEFAULT 0, sid int NOT NULL DEFAULT 0, uid int NOT NULL DEFAULT 0,
  count int NOT NULL DEFAULT 0, PRIMARY KEY (chapid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}series (seriesid int NOT NULL AUTO_INCREMENT, title varchar(200) NOT NULL DEFAULT '', summary text,
  uid int NOT NULL DEFAULT 0, isopen tinyint NOT NULL DEFAULT 0, catid varchar(200) NOT NULL DEFAULT '0',
  rating tinyint NOT NULL DEFAULT 0, classes varchar(200) DEFAULT NULL, characters varchar(250) NOT NULL DEFAULT '',
  reviews smallint NOT NULL DEFAULT 0, numstories int NOT NULL DEFAULT 0, warnings varchar(250) NOT NULL DEFAULT '',
  challenges varchar(200) NOT NULL DEFAULT '', genres varchar(250) NOT NULL DEFAULT '', PRIMARY KEY (seriesid))
  DEFAULT CHARSET=latin1;
CREATE TABLE {p}inseries (seriesid int NOT NULL DEFAULT 0, sid int NOT NULL DEFAULT 0, subseriesid int NOT NULL DEFAULT 0,
  confirmed int NOT NULL DEFAULT 0, inorder int NOT NULL DEFAULT 0, PRIMARY KEY (sid, seriesid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}reviews (reviewid int NOT NULL AUTO_INCREMENT, item int NOT NULL DEFAULT 0, chapid int NOT NULL DEFAULT 0,
  reviewer varchar(60) NOT NULL DEFAULT '0', uid int NOT NULL DEFAULT 0, review text NOT NULL,
  date int unsigned NOT NULL DEFAULT 0, rating int NOT NULL DEFAULT 0, respond char(1) NOT NULL DEFAULT '0',
  type char(2) NOT NULL DEFAULT 'ST', PRIMARY KEY (reviewid)) DEFAULT CHARSET=latin1;
CREATE TABLE {p}favorites (uid int NOT NULL DEFAULT 0, item int NOT NULL DEFAULT 0, type char(2) NOT NULL DEFAULT '',
  comments text, UNIQUE KEY byuid (uid, type, item)) DEFAULT CHARSET=latin1;
`;

type Value = string | number | Buffer | null;

async function insert(db: TestMariadb, table: string, rows: Array<Record<string, Value>>): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.query(
      `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      Object.values(row),
    );
  }
}

export const HOSTILE_HTML =
  '<p onclick="steal()">Before</p><script>alert("boo")</script><style>p{color:red}</style>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click me</a>' +
  '<iframe src="https://evil.example/"></iframe><p style="background:url(javascript:alert(4))"><b>Bold</b> and <i>italic</i></p>' +
  '<ul><li>one</li><li>two</li></ul><a href="https://example.com/ok">a fine link</a>';

/**
 * Loads the archive into `db` under `prefix`. `store` is where chapter text lives; with `files`, the text
 * goes to `<storiesDir>/<uid>/<chapid>.txt` instead of the table (and one chapter's file is missing).
 */
export async function loadEfictionArchive(
  db: TestMariadb,
  options: { prefix?: string; store?: 'mysql' | 'files'; storiesDir?: string; existingEmail?: string } = {},
): Promise<void> {
  const p = options.prefix ?? 'fanfiction_';
  const store = options.store ?? 'mysql';
  await db.query(SCHEMA.replaceAll('{p}', p));
  await insert(db, `${p}settings`, [{ sitekey: 'gta', sitename: 'Giant Tales Archive', store }]);
  await insert(db, `${p}authors`, [
    {
      uid: 1,
      penname: 'Gentle Giantess',
      email: 'Giantess@Example.com',
      bio: utf8(`<p>${TEXTS.giantessBio}</p>`),
      date: when('2009-05-01T10:00:00Z'),
      password: md5(utf8(OLD_PASSWORDS.giantess)),
      website: 'https://giantess.example.com',
    },
    {
      uid: 2,
      penname: 'Tiny Tom',
      email: 'tom@example.com',
      bio: cp1252(`${TEXTS.tomBio}`),
      date: when('2009-06-01T10:00:00Z'),
      password: md5(Buffer.from(OLD_PASSWORDS.tom, 'latin1')),
    },
    {
      uid: 3,
      penname: 'tiny tom',
      email: 'TOM@example.com',
      bio: '',
      date: when('2009-07-01T10:00:00Z'),
      password: md5(utf8('another one 3')),
    },
    {
      uid: 4,
      penname: 'Jo',
      email: 'not-an-email',
      bio: '',
      date: when('2009-08-01T10:00:00Z'),
      password: md5(utf8(OLD_PASSWORDS.jo)),
    },
    {
      uid: 5,
      penname: utf8('小さい巨人'),
      email: '',
      bio: '',
      date: when('2009-09-01T10:00:00Z'),
      password: '0',
    },
    {
      uid: 6,
      penname: 'Ms. Hostile',
      email: 'hostile@example.com',
      bio: HOSTILE_HTML,
      date: when('2009-10-01T10:00:00Z'),
      password: md5(utf8('hostile password 6')),
    },
    {
      uid: 7,
      penname: 'Locked Larry',
      email: 'larry@example.com',
      bio: '',
      date: when('2009-11-01T10:00:00Z'),
      password: md5(utf8('locked out 7')),
    },
    {
      uid: 8,
      penname: 'Already Here',
      email: options.existingEmail ?? 'nobody@example.com',
      bio: '',
      date: when('2009-12-01T10:00:00Z'),
      password: md5(utf8('already here 8')),
    },
  ]);
  await insert(db, `${p}authorprefs`, [
    { uid: 1, level: 1 },
    { uid: 7, level: -1 },
  ]);
  await insert(db, `${p}categories`, [
    {
      catid: 1,
      parentcatid: -1,
      category: 'Giantess',
      description: 'Stories of <b>giant</b> women.',
      displayorder: 1,
    },
    { catid: 2, parentcatid: -1, category: 'Shrinking', description: '', displayorder: 2 },
    { catid: 3, parentcatid: 1, category: 'Gentle', description: '', displayorder: 1 },
  ]);
  await insert(db, `${p}classtypes`, [
    { classtype_id: 1, classtype_name: 'genres', classtype_title: 'Genres' },
    { classtype_id: 2, classtype_name: 'warnings', classtype_title: 'Warnings' },
    { classtype_id: 3, classtype_name: 'growth', classtype_title: 'Growth' },
  ]);
  await insert(db, `${p}classes`, [
    { class_id: 1, class_type: 1, class_name: 'Romance' },
    { class_id: 2, class_type: 1, class_name: 'Adventure' },
    { class_id: 3, class_type: 2, class_name: 'Peril' },
    { class_id: 4, class_type: 3, class_name: 'Amazon (7-15 ft)' },
  ]);
  await insert(db, `${p}characters`, [
    { charid: 1, catid: -1, charname: 'Edda', bio: '' },
    { charid: 2, catid: -1, charname: 'Tom', bio: '' },
  ]);
  await insert(db, `${p}ratings`, [
    { rid: 1, rating: 'Teen', warningtext: '' },
    { rid: 2, rating: 'Mature', warningtext: '' },
  ]);
  await insert(db, `${p}stories`, [
    {
      sid: 10,
      title: 'The Lighthouse Keeper',
      summary: utf8('A giantess keeps watch over a <i>tiny</i> village.'),
      storynotes: 'Written for the 2010 challenge.',
      catid: '3',
      classes: '1,3,4',
      charid: '1',
      rid: '2',
      date: when('2010-01-02T03:04:05Z'),
      updated: when('2010-01-03T03:04:05Z'),
      uid: 1,
      validated: 1,
      completed: 1,
    },
    {
      sid: 11,
      title: 'Pocket Sized',
      summary: cp1252(TEXTS.pocketSummary),
      catid: '2',
      classes: '2',
      charid: '2',
      rid: '1',
      date: when('2010-02-01T00:00:00Z'),
      updated: when('2010-02-10T00:00:00Z'),
      uid: 2,
      validated: 1,
      completed: 0,
    },
    {
      sid: 12,
      title: 'Unfinished Business',
      summary: 'Never validated.',
      date: when('2010-03-01T00:00:00Z'),
      uid: 1,
      validated: 0,
    },
    {
      sid: 13,
      title: 'Saga Part One',
      summary: 'The beginning.',
      date: when('2010-04-01T00:00:00Z'),
      uid: 1,
      validated: 1,
      completed: 1,
    },
    {
      sid: 14,
      title: 'Saga Part Two',
      summary: 'The middle.',
      date: when('2010-05-01T00:00:00Z'),
      uid: 1,
      validated: 1,
    },
    {
      sid: 15,
      title: 'Hostile <script>alert(1)</script>Story',
      summary: HOSTILE_HTML,
      date: when('2010-06-01T00:00:00Z'),
      uid: 6,
      validated: 1,
    },
  ]);
  await insert(db, `${p}coauthors`, [{ sid: 10, uid: 2 }]);
  const chapters: Array<Record<string, Value>> = [
    {
      chapid: 100,
      sid: 10,
      uid: 1,
      inorder: 1,
      title: 'The Lighthouse Keeper',
      notes: '',
      storytext: utf8(`<p>${TEXTS.lighthouseText}</p>`),
      validated: 1,
    },
    // Written in the order 113, 111, 112, read in the order 113, 112, 111.
    {
      chapid: 111,
      sid: 11,
      uid: 2,
      inorder: 3,
      title: 'The Cat',
      notes: '',
      storytext: cp1252(TEXTS.catText),
      validated: 1,
    },
    {
      chapid: 112,
      sid: 11,
      uid: 2,
      inorder: 2,
      title: 'Breakfast',
      notes: 'Short one.',
      storytext: utf8(TEXTS.breakfastText),
      validated: 1,
    },
    {
      chapid: 113,
      sid: 11,
      uid: 2,
      inorder: 1,
      title: 'Waking Up',
      notes: '',
      storytext: utf8(TEXTS.wakingText),
      validated: 1,
    },
    {
      chapid: 120,
      sid: 12,
      uid: 1,
      inorder: 1,
      title: 'Draft',
      notes: '',
      storytext: 'Not ready.',
      validated: 0,
    },
    {
      chapid: 130,
      sid: 13,
      uid: 1,
      inorder: 1,
      title: 'Saga Part One',
      notes: '',
      storytext: 'Once.',
      validated: 1,
    },
    {
      chapid: 140,
      sid: 14,
      uid: 1,
      inorder: 1,
      title: 'Arrival',
      notes: '',
      storytext: 'Twice.',
      validated: 1,
    },
    {
      chapid: 141,
      sid: 14,
      uid: 1,
      inorder: 2,
      title: 'Departure',
      notes: '',
      storytext: 'Thrice.',
      validated: 1,
    },
    {
      chapid: 150,
      sid: 15,
      uid: 6,
      inorder: 1,
      title: 'Hostile',
      notes: '',
      storytext: HOSTILE_HTML,
      validated: 1,
    },
  ];
  if (store === 'files') {
    const dir = options.storiesDir!;
    for (const chapter of chapters) {
      // One chapter's file is lost, as happens when an archive moved servers.
      if (chapter.chapid === 141) continue;
      fs.mkdirSync(path.join(dir, String(chapter.uid)), { recursive: true });
      fs.writeFileSync(
        path.join(dir, String(chapter.uid), `${String(chapter.chapid)}.txt`),
        chapter.storytext as Buffer | string,
      );
    }
    for (const chapter of chapters) chapter.storytext = '';
  }
  await insert(db, `${p}chapters`, chapters);
  await insert(db, `${p}series`, [
    { seriesid: 1, title: 'The Saga', summary: 'Both parts, in order.', uid: 1, catid: '1', classes: '3' },
    { seriesid: 2, title: 'Empty Series', summary: '', uid: 2 },
  ]);
  await insert(db, `${p}inseries`, [
    { seriesid: 1, sid: 14, inorder: 2 },
    { seriesid: 1, sid: 13, inorder: 1 },
  ]);
  await insert(db, `${p}reviews`, [
    {
      reviewid: 1,
      item: 10,
      chapid: 100,
      reviewer: 'Tiny Tom',
      uid: 2,
      review: utf8("Lovely lanterns!<br><br><i>Author's Response: Thank you, Tom — truly.</i>"),
      date: when('2010-01-05T00:00:00Z'),
      rating: -1,
      respond: '1',
    },
    // A guest who calls themself by a member's pen name is still a guest.
    {
      reviewid: 2,
      item: 10,
      chapid: 100,
      reviewer: 'Tiny Tom',
      uid: 0,
      review: 'Guest here, <b>loved</b> it.',
      date: when('2010-01-06T00:00:00Z'),
      rating: -1,
    },
    {
      reviewid: 3,
      item: 11,
      chapid: 112,
      reviewer: 'Gentle Giantess',
      uid: 1,
      review: 'Breakfast made me laugh.',
      date: when('2010-02-05T00:00:00Z'),
      rating: -1,
    },
    {
      reviewid: 4,
      item: 1,
      chapid: 0,
      reviewer: 'Tiny Tom',
      uid: 2,
      review: 'Great saga.',
      date: when('2010-06-01T00:00:00Z'),
      rating: -1,
      type: 'SE',
    },
    {
      reviewid: 5,
      item: 10,
      chapid: 100,
      reviewer: 'Jo',
      uid: 4,
      review: 'No Review',
      date: when('2010-06-02T00:00:00Z'),
      rating: 5,
    },
    {
      reviewid: 6,
      item: 15,
      chapid: 150,
      reviewer: 'Ms. Hostile',
      uid: 6,
      review: HOSTILE_HTML,
      date: when('2010-06-03T00:00:00Z'),
      rating: -1,
    },
  ]);
  await insert(db, `${p}favorites`, [
    { uid: 2, item: 10, type: 'ST' },
    { uid: 2, item: 11, type: 'ST' },
    { uid: 2, item: 1, type: 'SE' },
    { uid: 2, item: 1, type: 'AU' },
    { uid: 1, item: 1, type: 'AU' },
    { uid: 3, item: 12, type: 'ST' },
  ]);
}
