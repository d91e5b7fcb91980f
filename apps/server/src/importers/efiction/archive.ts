/**
 * What an eFiction 3.x archive holds, read from its tables (docs/tables.sql of eFiction 3.5): members
 * (`authors`, with `authorprefs.level` -1 for a locked account), the classifications (categories,
 * class types and classes, characters, ratings), stories and their chapters' metadata, series. Chapter
 * text, reviews and favorites are read in pages as the import goes (they are the bulk of an archive).
 * Columns an older 3.x lacks read as empty.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeLegacyText } from '../legacy-text';
import { ImportError, type EfictionDatabase, type Row } from './source';

export interface Settings {
  sitekey: string;
  sitename: string;
  /** Where chapter text lives: `mysql` (the chapters table) or `files` (`<dir>/<uid>/<chapid>.txt`). */
  store: 'mysql' | 'files';
}

export interface Author {
  uid: number;
  penname: string;
  email: string;
  bio: string;
  date: number;
  password: string;
  website: string;
  locked: boolean;
}

export interface Category {
  catid: number;
  parentcatid: number;
  category: string;
  description: string;
  displayorder: number;
}

export interface ClassType {
  id: number;
  name: string;
  title: string;
}

export interface ClassItem {
  id: number;
  type: number;
  name: string;
}

export interface Classified {
  catids: number[];
  classes: number[];
  charids: number[];
  ratings: number[];
}

export interface Story extends Classified {
  sid: number;
  uid: number;
  title: string;
  summary: string;
  storynotes: string;
  date: number;
  updated: number;
  coauthors: number[];
  validated: boolean;
  completed: boolean;
}

export interface Chapter {
  chapid: number;
  sid: number;
  uid: number;
  title: string;
  inorder: number;
  validated: boolean;
}

export interface Series extends Classified {
  seriesid: number;
  uid: number;
  title: string;
  summary: string;
}

export interface InSeries {
  seriesid: number;
  sid: number;
  subseriesid: number;
  inorder: number;
}

export interface Archive {
  settings: Settings;
  authors: Author[];
  categories: Category[];
  classTypes: ClassType[];
  classes: ClassItem[];
  characters: Array<{ charid: number; charname: string }>;
  ratings: Array<{ rid: number; rating: string }>;
  stories: Story[];
  chapters: Chapter[];
  series: Series[];
  inSeries: InSeries[];
}

export interface Review {
  reviewid: number;
  item: number;
  chapid: number;
  reviewer: string;
  uid: number;
  review: string;
  date: number;
  type: string;
}

export interface Favorite {
  uid: number;
  item: number;
  type: string;
}

/** The tables every eFiction 3 archive has; the others may be missing on a trimmed-down install. */
export const REQUIRED_TABLES = ['settings', 'authors', 'stories', 'chapters', 'categories'] as const;

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const str = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** eFiction's lists of ids in one column: `1,4,7` (spaces and empty entries happen). */
export function idList(value: unknown): number[] {
  return str(value)
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

const classified = (row: Row, characters: string, ratings: string): Classified => ({
  catids: idList(row.catid),
  classes: idList(row.classes),
  charids: idList(row[characters]),
  ratings: idList(row[ratings]),
});

async function optionalRows(
  db: EfictionDatabase,
  table: string,
  query: () => Promise<Row[]>,
): Promise<Row[]> {
  return db.has(table) ? query() : [];
}

async function readSettings(db: EfictionDatabase): Promise<Settings> {
  const rows = await db.rows(`SELECT * FROM \`${db.table('settings')}\` ORDER BY sitekey LIMIT 1`);
  const row = rows[0];
  if (!row) throw new ImportError(`The ${db.table('settings')} table is empty: is the archive installed?`);
  const store = str(row.store).trim().toLowerCase() === 'files' ? 'files' : 'mysql';
  return { sitekey: str(row.sitekey) || '1', sitename: str(row.sitename), store };
}

async function readAuthors(db: EfictionDatabase): Promise<Author[]> {
  const locked = new Set<number>();
  if (db.has('authorprefs')) {
    for (const row of await db.rows(`SELECT uid FROM \`${db.table('authorprefs')}\` WHERE level = -1`))
      locked.add(num(row.uid));
  }
  const columns = await db.columns('authors');
  const pick = (name: string) => (columns.has(name) ? `\`${name}\`` : `'' AS \`${name}\``);
  const rows = await db.rows(
    `SELECT uid, penname, ${pick('email')}, ${pick('bio')}, ${columns.has('date') ? '`date`' : '0 AS `date`'}, ${pick('password')}, ${pick('website')}
     FROM \`${db.table('authors')}\` ORDER BY uid`,
  );
  return rows.map((row) => ({
    uid: num(row.uid),
    penname: str(row.penname),
    email: str(row.email),
    bio: str(row.bio),
    date: num(row.date),
    password: str(row.password).trim(),
    website: str(row.website).trim(),
    locked: locked.has(num(row.uid)),
  }));
}

async function readStories(db: EfictionDatabase): Promise<Story[]> {
  const columns = await db.columns('stories');
  const coauthors = new Map<number, Set<number>>();
  const addCoauthor = (sid: number, uid: number) => {
    if (uid > 0) coauthors.set(sid, (coauthors.get(sid) ?? new Set()).add(uid));
  };
  // eFiction 3.5 keeps co-authors in their own table; earlier 3.x in the stories' `coauthors` column.
  for (const row of await optionalRows(db, 'coauthors', () =>
    db.rows(`SELECT sid, uid FROM \`${db.table('coauthors')}\``),
  ))
    addCoauthor(num(row.sid), num(row.uid));
  const rows = await db.rows(`SELECT * FROM \`${db.table('stories')}\` ORDER BY sid`);
  return rows.map((row) => {
    const sid = num(row.sid);
    if (columns.has('coauthors')) for (const uid of idList(row.coauthors)) addCoauthor(sid, uid);
    return {
      sid,
      uid: num(row.uid),
      title: str(row.title),
      summary: str(row.summary),
      storynotes: str(row.storynotes),
      date: num(row.date),
      updated: num(row.updated),
      coauthors: [...(coauthors.get(sid) ?? [])].filter((uid) => uid !== num(row.uid)),
      validated: num(row.validated) > 0,
      completed: num(row.completed) > 0,
      ...classified(row, 'charid', 'rid'),
    };
  });
}

export async function readArchive(db: EfictionDatabase): Promise<Archive> {
  db.requireTables(REQUIRED_TABLES);
  const settings = await readSettings(db);
  const table = (name: string) => `\`${db.table(name)}\``;
  const categories = (await db.rows(`SELECT * FROM ${table('categories')} ORDER BY catid`)).map((row) => ({
    catid: num(row.catid),
    parentcatid: num(row.parentcatid),
    category: str(row.category),
    description: str(row.description),
    displayorder: num(row.displayorder),
  }));
  const classTypes = (
    await optionalRows(db, 'classtypes', () =>
      db.rows(`SELECT * FROM ${table('classtypes')} ORDER BY classtype_id`),
    )
  ).map((row) => ({
    id: num(row.classtype_id),
    name: str(row.classtype_name),
    title: str(row.classtype_title),
  }));
  const classes = (
    await optionalRows(db, 'classes', () => db.rows(`SELECT * FROM ${table('classes')} ORDER BY class_id`))
  ).map((row) => ({ id: num(row.class_id), type: num(row.class_type), name: str(row.class_name) }));
  const characters = (
    await optionalRows(db, 'characters', () =>
      db.rows(`SELECT charid, charname FROM ${table('characters')} ORDER BY charid`),
    )
  ).map((row) => ({ charid: num(row.charid), charname: str(row.charname) }));
  const ratings = (
    await optionalRows(db, 'ratings', () =>
      db.rows(`SELECT rid, rating FROM ${table('ratings')} ORDER BY rid`),
    )
  ).map((row) => ({ rid: num(row.rid), rating: str(row.rating) }));
  const chapters = (
    await db.rows(
      `SELECT chapid, sid, uid, title, inorder, validated FROM ${table('chapters')} ORDER BY chapid`,
    )
  ).map((row) => ({
    chapid: num(row.chapid),
    sid: num(row.sid),
    uid: num(row.uid),
    title: str(row.title),
    inorder: num(row.inorder),
    validated: num(row.validated) > 0,
  }));
  const series = (
    await optionalRows(db, 'series', () => db.rows(`SELECT * FROM ${table('series')} ORDER BY seriesid`))
  ).map((row) => ({
    seriesid: num(row.seriesid),
    uid: num(row.uid),
    title: str(row.title),
    summary: str(row.summary),
    ...classified(row, 'characters', 'rating'),
  }));
  const inSeries = (
    await optionalRows(db, 'inseries', () =>
      db.rows(
        `SELECT seriesid, sid, subseriesid, inorder FROM ${table('inseries')} ORDER BY seriesid, inorder, sid`,
      ),
    )
  ).map((row) => ({
    seriesid: num(row.seriesid),
    sid: num(row.sid),
    subseriesid: num(row.subseriesid),
    inorder: num(row.inorder),
  }));
  return {
    settings,
    authors: await readAuthors(db),
    categories,
    classTypes,
    classes,
    characters,
    ratings,
    stories: await readStories(db),
    chapters,
    series,
    inSeries,
  };
}

export interface ChapterText {
  notes: string;
  endnotes: string;
  storytext: string;
  /** The text file was expected and is not there. */
  missing: boolean;
}

/**
 * The text of some chapters: from the chapters table, or (`store` = files) from `<dir>/<uid>/<chapid>.txt`,
 * whose bytes are decoded like the database's. Notes always come from the table.
 */
export async function readChapterTexts(
  db: EfictionDatabase,
  chapters: readonly Chapter[],
  source: { store: Settings['store']; storiesDir: string | undefined },
): Promise<Map<number, ChapterText>> {
  const texts = new Map<number, ChapterText>();
  if (chapters.length === 0) return texts;
  const withText = source.store === 'mysql' ? ', storytext' : '';
  const rows = await db.rows(
    `SELECT chapid, notes, endnotes${withText} FROM \`${db.table('chapters')}\` WHERE chapid IN (?)`,
    [chapters.map((c) => c.chapid)],
  );
  for (const row of rows) {
    texts.set(num(row.chapid), {
      notes: str(row.notes),
      endnotes: str(row.endnotes),
      storytext: str(row.storytext),
      missing: false,
    });
  }
  if (source.store === 'files') {
    for (const chapter of chapters) {
      const text = texts.get(chapter.chapid);
      if (!text) continue;
      const file = path.join(source.storiesDir!, String(chapter.uid), `${chapter.chapid}.txt`);
      try {
        text.storytext = decodeLegacyText(await fs.readFile(file));
      } catch {
        text.missing = true;
      }
    }
  }
  return texts;
}

/** Rows of a table a page at a time, by its integer key: reviews and favorites can be millions. */
export async function* pages(
  db: EfictionDatabase,
  table: string,
  key: string,
  size: number,
): AsyncGenerator<Row[]> {
  if (!db.has(table)) return;
  let after = -1;
  for (;;) {
    const rows = await db.rows(
      `SELECT * FROM \`${db.table(table)}\` WHERE \`${key}\` > ? ORDER BY \`${key}\` LIMIT ${size}`,
      [after],
    );
    if (rows.length === 0) return;
    yield rows;
    after = num(rows[rows.length - 1]![key]);
  }
}

/** Favorites a page at a time; the table has no key of its own, so its unique (uid, type, item) is one. */
export async function* favoritePages(db: EfictionDatabase, size: number): AsyncGenerator<Favorite[]> {
  if (!db.has('favorites')) return;
  let after: [number, string, number] = [-1, '', -1];
  for (;;) {
    const rows = await db.rows(
      `SELECT uid, type, item FROM \`${db.table('favorites')}\` WHERE (uid, type, item) > (?, ?, ?)
       ORDER BY uid, type, item LIMIT ${size}`,
      after,
    );
    if (rows.length === 0) return;
    const page = rows.map((row) => ({ uid: num(row.uid), type: str(row.type), item: num(row.item) }));
    yield page;
    const last = page[page.length - 1]!;
    after = [last.uid, last.type, last.item];
  }
}

export const reviewOf = (row: Row): Review => ({
  reviewid: num(row.reviewid),
  item: num(row.item),
  chapid: num(row.chapid),
  reviewer: str(row.reviewer),
  uid: num(row.uid),
  review: str(row.review),
  date: num(row.date),
  type: str(row.type).trim().toUpperCase() || 'ST',
});

export async function countRows(db: EfictionDatabase, table: string): Promise<number> {
  if (!db.has(table)) return 0;
  const rows = await db.rows(`SELECT COUNT(*) AS n FROM \`${db.table(table)}\``);
  return num(rows[0]?.n);
}
