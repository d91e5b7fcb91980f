/**
 * "Download my data" (issue 45; GDPR articles 15 and 20): a zip of everything a member gave the site
 * or the site keeps about them, and nothing about anyone else except what the other side of a
 * conversation wrote to them.
 *
 * - Asked for by `POST /api/account/export` (apis/account.ts), at most once a day (`EVERY_HOURS`): a
 *   `data_exports` row waits as `pending`.
 * - Built in the background, off the request: right after the ask in the same process, and by the
 *   `data-exports` cron (every minute) for any row still waiting, including one whose builder died
 *   (a claim older than `CLAIM_MINUTES` is taken again). Each row is claimed in its own transaction,
 *   so two processes build it once. Chapters become EPUB books in the worker pool, as downloads do;
 *   the zip streams into file storage entry by entry, so neither a large archive nor many attachments
 *   sit in memory.
 * - Announced by a notification and a mail whose link opens the settings: the zip is a protected
 *   file, downloaded with the member's own session, so a forwarded or leaked mail gives nobody the data.
 * - Kept `DAYS` days, then removed with its file by the same cron.
 *
 * Every record is written as the member themselves would receive it (`serializeRecord` with their
 * request): hidden fields such as password hashes and token keys never go in.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import yazl from 'yazl';
import type { Core } from '../core';
import type { Collection } from '../core/collections/model';
import { fileKey } from '../core/files/record-files';
import { dataExportMail } from '../core/mail/templates';
import { ROW } from '../core/records/context';
import { findRecord, whereClause } from '../core/records/find';
import { decodeRow, type RecordData } from '../core/records/record';
import { inWriteScope, rawWrite } from '../core/records/scope';
import { serializeRecord, type RecordJson } from '../core/records/serialize';
import { createRecord, deleteRecord } from '../core/records/write';
import { guestRequest, systemRequest, type RequestInfo } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { formatDate } from '../tools/dates';
import { storedFileName } from '../tools/files/names';
import type { FileStorage } from '../tools/files/storage';
import type { Book } from '../tools/epub/book';
import { OwnerBusyError, PoolBusyError } from '../tools/workers/pool';
import { memberPostIds } from './account-deletion';
import { queueMail } from './mail-queue';
import { bookFileName, bookStream, seriesBook, storyBook } from './epub';
import { text } from './values';

/** How long a ready export can be downloaded. */
export const DAYS = 7;
/** One export per member in this many hours: each reads everything they ever wrote. */
export const EVERY_HOURS = 24;
/** A build taking longer than this is taken as dead (its process stopped) and started again. */
export const CLAIM_MINUTES = 30;
const HOUR_MS = 3_600_000;
const JOB = 'data-exports';
/** A busy worker pool (or the member's own download) is waited out this many times, this long apart. */
const BOOK_ATTEMPTS = 30;
const BOOK_RETRY_MS = 2000;

const collectionOf = (core: Core, name: string): Collection => core.registry.find(name)!;
const system = (core: Core) => systemRequest(collectionOf(core, '_superusers'));

/** Says when the member may ask again, in the site's own words. */
const readableTime = (date: Date) =>
  date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

/**
 * Asks for an export; refused (429) when the member already asked within the day. One that failed
 * does not count: the failure was the site's, not the member's asking too often.
 */
export async function requestExport(
  core: Core,
  userId: string,
  now = Date.now(),
): Promise<{ id: string; status: 'pending' }> {
  const id = await inWriteScope(core.records, undefined, async (s) => {
    const since = formatDate(new Date(now - EVERY_HOURS * HOUR_MS));
    const last = (
      await sql<{
        created: string;
      }>`SELECT created FROM data_exports WHERE "user" = ${userId} AND created > ${since} AND status <> 'failed' ORDER BY created DESC LIMIT 1`.execute(
        s.db,
      )
    ).rows[0];
    if (last) {
      const next = new Date(Date.parse(text(last.created).replace(' ', 'T')) + EVERY_HOURS * HOUR_MS);
      throw new ApiError(
        429,
        `You can ask for your data once a day. Ask again after ${readableTime(next)}.`,
      ).withHeader('Retry-After', String(Math.max(1, Math.ceil((next.getTime() - now) / 1000))));
    }
    const created = await createRecord(
      core.records,
      collectionOf(core, 'data_exports'),
      { user: userId, status: 'pending' },
      system(core),
      s,
    );
    return text(created.id);
  });
  // Started now rather than at the next run; a run already going, or a process that stops, leaves
  // it to the next (every minute).
  core.crons.runNow(JOB);
  return { id, status: 'pending' };
}

/** One kind of the member's records: which collection, and which rows are theirs. */
interface Part {
  file: string;
  collection: string;
  where: RawBuilder<unknown>;
  /** What the part holds, for the archive's README. */
  about: string;
}

const col = (name: string) => sql.ref(`${ROW}.${name}`);

function partsOf(userId: string, postIds: readonly string[]): Part[] {
  const mine = (field: string) => sql`${col(field)} = ${userId}`;
  const ofMyPosts = (field: string) =>
    postIds.length ? sql`${col(field)} IN (${sql.join(postIds.map((id) => sql`${id}`))})` : sql`1 = 0`;
  return [
    {
      file: 'posts.json',
      collection: 'posts',
      where: ofMyPosts('id'),
      about: 'every post you contribute to',
    },
    { file: 'stories.json', collection: 'stories', where: ofMyPosts('post'), about: 'your stories' },
    { file: 'series.json', collection: 'series', where: ofMyPosts('post'), about: 'your series' },
    {
      file: 'forum-posts.json',
      collection: 'forum_posts',
      where: ofMyPosts('post'),
      about: 'the forum threads you started',
    },
    { file: 'comments.json', collection: 'comments', where: mine('author'), about: 'the comments you wrote' },
    {
      file: 'messages.json',
      collection: 'messages',
      where: sql`(${mine('from')} OR ${mine('to')})`,
      about: 'the messages you sent and received',
    },
    {
      file: 'message-requests.json',
      collection: 'message_requests',
      where: sql`(${mine('from')} OR ${mine('to')})`,
      about: 'requests to start a conversation, yours and to you',
    },
    { file: 'likes.json', collection: 'likes', where: mine('user'), about: 'what you liked' },
    { file: 'favorites.json', collection: 'favorites', where: mine('user'), about: 'your favorites' },
    { file: 'views.json', collection: 'views', where: mine('user'), about: 'what you read' },
    {
      file: 'follows.json',
      collection: 'follows',
      where: mine('user'),
      about: 'the authors and series you follow',
    },
    {
      file: 'reading-progress.json',
      collection: 'read_progress',
      where: mine('user'),
      about: 'how far you read each story',
    },
    { file: 'blocks.json', collection: 'blocks', where: mine('blocker'), about: 'the members you blocked' },
    { file: 'mutes.json', collection: 'mutes', where: mine('user'), about: 'the tags and labels you muted' },
    { file: 'drafts.json', collection: 'drafts', where: mine('user'), about: 'your saved drafts' },
    {
      file: 'revisions.json',
      collection: 'post_revisions',
      where: sql`(${mine('editor')} OR ${ofMyPosts('post')})`,
      about: 'earlier versions of your works and of what you edited',
    },
    {
      file: 'invitations.json',
      collection: 'post_invitations',
      where: sql`(${mine('user')} OR ${mine('inviter')})`,
      about: 'invitations to co-author, yours and to you',
    },
    { file: 'reports.json', collection: 'reports', where: mine('user'), about: 'the reports you made' },
    {
      file: 'notifications.json',
      collection: 'notifications',
      where: mine('user'),
      about: 'your notifications',
    },
    { file: 'presence.json', collection: 'presence', where: mine('user'), about: 'when you were last seen' },
  ];
}

async function rowsOf(core: Core, collection: Collection, where: RawBuilder<unknown>): Promise<RecordData[]> {
  const result = await sql<
    Record<string, unknown>
  >`SELECT ${sql.ref(ROW)}.* FROM ${sql.table(collection.name)} AS ${sql.id(ROW)}${whereClause([where])} ORDER BY ${col('id')}`.execute(
    core.db.reader,
  );
  return result.rows.map((row) => decodeRow(collection, row));
}

const asJson = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const fileNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((n): n is string => typeof n === 'string' && n !== '');

/** A folder name for a work: its title's letters and digits, then its id, so two titles never clash. */
const folderName = (title: string, id: string) => `${bookFileName(title).replace(/\.epub$/, '')}-${id}`;

/**
 * One entry of the zip, read or rendered only when the zip is about to reach it. `instead` is what
 * goes in when it cannot be made (a chapter too complex for a book): a note saying why; without it,
 * an entry that fails (a file gone from storage) is left out.
 */
interface Entry {
  name: string;
  open: () => Promise<Buffer | Readable>;
  instead?: (error: unknown) => { name: string; content: Buffer };
}

/** Renders a book in the worker pool, waiting out a busy pool or the member's own download. */
async function bookBytes(core: Core, book: Book, request: RequestInfo): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await bookStream(core, book, request)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      const busy =
        (error instanceof ApiError && (error.status === 429 || error.status === 503)) ||
        error instanceof PoolBusyError ||
        error instanceof OwnerBusyError;
      if (!busy || attempt >= BOOK_ATTEMPTS) throw error;
      await sleep(BOOK_RETRY_MS);
    }
  }
}

/** A work's book; when it cannot be made, a note beside the markdown says why. */
function bookEntry(core: Core, name: string, make: () => Promise<Book>, request: RequestInfo): Entry {
  return {
    name,
    open: async () => bookBytes(core, await make(), request),
    instead: (error) => ({
      name: name.replace(/\.epub$/, '.epub-not-made.txt'),
      content: Buffer.from(
        `This work could not be made into a book: ${error instanceof Error ? error.message : String(error)}\n`,
      ),
    }),
  };
}

/** Everything that goes into the member's zip, and the README saying what is where. */
async function entriesOf(core: Core, user: RecordData): Promise<Entry[]> {
  const userId = text(user.id);
  const users = collectionOf(core, 'users');
  const request = guestRequest({ auth: { collection: users, record: user, isSuperuser: false } });
  const render = (collection: Collection, rows: RecordData[]): RecordJson[] =>
    rows.map((row) => serializeRecord(collection, row, { request }));
  const postIds = await memberPostIds(core, core.db.reader, userId);
  const entries: Entry[] = [];
  const notes: string[] = [];
  const storage = core.records.files;
  /** Stored files of the records, under `files/<folder>/<record id>/`. */
  const addFiles = (folder: string, collection: Collection, rows: RecordData[], field: string) => {
    if (!storage) return;
    for (const row of rows)
      for (const name of fileNames(row[field]))
        entries.push({
          name: `files/${folder}/${text(row.id)}/${name}`,
          open: () => storage.getStream(fileKey(collection.id, text(row.id), name)),
        });
  };

  const profiles = collectionOf(core, 'profiles');
  const profileRows = await rowsOf(core, profiles, sql`${col('user')} = ${userId}`);
  entries.push({
    name: 'account.json',
    open: () =>
      Promise.resolve(asJson({ account: render(users, [user])[0], profiles: render(profiles, profileRows) })),
  });
  addFiles('avatar', profiles, profileRows, 'avatar');

  const parts = partsOf(userId, postIds);
  const contents = new Map<string, RecordData[]>();
  for (const part of parts) {
    const collection = collectionOf(core, part.collection);
    const rows = await rowsOf(core, collection, part.where);
    contents.set(part.collection, rows);
    entries.push({ name: part.file, open: () => Promise.resolve(asJson(render(collection, rows))) });
  }
  addFiles('posts', collectionOf(core, 'posts'), contents.get('posts') ?? [], 'attachments');
  addFiles('comments', collectionOf(core, 'comments'), contents.get('comments') ?? [], 'attachments');
  addFiles('messages', collectionOf(core, 'messages'), contents.get('messages') ?? [], 'attachments');

  // The works themselves: markdown as written, and the books a reader would download.
  const titles = new Map((contents.get('posts') ?? []).map((post) => [text(post.id), text(post.title)]));
  for (const story of contents.get('stories') ?? []) {
    const title = titles.get(text(story.post)) || 'Untitled';
    const folder = `stories/${folderName(title, text(story.id))}`;
    entries.push({
      name: `${folder}/story.md`,
      open: () => Promise.resolve(Buffer.from(`# ${title}\n\n${text(story.content)}\n`)),
    });
    entries.push(
      bookEntry(core, `${folder}/story.epub`, () => storyBook(core, text(story.id), request), request),
    );
  }
  for (const series of contents.get('series') ?? []) {
    const title = titles.get(text(series.post)) || 'Untitled';
    entries.push(
      bookEntry(
        core,
        `series/${folderName(title, text(series.id))}.epub`,
        () => seriesBook(core, text(series.id), request),
        request,
      ),
    );
  }
  for (const thread of contents.get('forum_posts') ?? []) {
    const title = titles.get(text(thread.post)) || 'Untitled';
    entries.push({
      name: `forum-posts/${folderName(title, text(thread.id))}.md`,
      open: () => Promise.resolve(Buffer.from(`# ${title}\n\n${text(thread.content)}\n`)),
    });
  }

  notes.push(
    `Your data from ${core.settings.get().meta.appName}, as of ${formatDate(new Date())} (UTC).`,
    '',
    'account.json: your account and profile, with your settings.',
    ...parts.map((part) => `${part.file}: ${part.about}.`),
    'stories/: each story as markdown (story.md) and as an EPUB book (story.epub).',
    'series/: each series as an EPUB book, its chapters in order.',
    'forum-posts/: the first post of each thread you started, as markdown.',
    'When a work could not be made into a book, a note beside its markdown says why.',
    'files/: your avatar and the files attached to your posts, comments and messages.',
    '',
    'Records name other records and members by their ids, as the site does.',
  );
  entries.unshift({ name: 'README.txt', open: () => Promise.resolve(Buffer.from(`${notes.join('\n')}\n`)) });
  return entries;
}

const streamOf = (content: Buffer | Readable) =>
  Buffer.isBuffer(content) ? Readable.from([content]) : content;

/**
 * Streams the zip into storage under `key`. Each entry is made while the one before it is written and
 * handed over when the zip asks for it, so one entry at a time is held, however large the archive.
 */
async function writeZipTo(storage: FileStorage, key: string, entries: Entry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  const stored = storage.put(key, zip.outputStream as unknown as Readable);
  // Storage that fails mid-way stops the loop instead of leaving it waiting for the zip to ask.
  const storageFailed = stored.then(() => {
    throw new Error('the zip was stored before it ended');
  });
  storageFailed.catch(() => undefined);
  for (const entry of entries) {
    let made: { name: string; content: Buffer | Readable };
    try {
      made = { name: entry.name, content: await entry.open() };
    } catch (error) {
      if (!entry.instead) continue;
      made = entry.instead(error);
    }
    await Promise.race([
      storageFailed,
      new Promise<void>((asked) => {
        zip.addReadStreamLazy(made.name, (done) => {
          asked();
          done(null, streamOf(made.content));
        });
      }),
    ]);
  }
  zip.end();
  await stored;
}

/** Claims the export for this process; false when another took it first (or it is gone). */
async function claim(core: Core, id: string, now: number): Promise<boolean> {
  const stale = formatDate(new Date(now - CLAIM_MINUTES * 60_000));
  return inWriteScope(core.records, undefined, async (s) => {
    const result = await rawWrite(
      s,
      { columns: 'data_exports', fields: ['status', 'claimed'] },
      sql`UPDATE data_exports SET status = 'building', claimed = ${formatDate(new Date(now))}
        WHERE id = ${id} AND (status = 'pending' OR (status = 'building' AND claimed < ${stale}))`,
    );
    return Number(result.numAffectedRows ?? 0) > 0;
  });
}

async function finish(
  core: Core,
  id: string,
  values: { status: 'ready' | 'failed'; file: string; expires: string },
) {
  await inWriteScope(core.records, undefined, (s) =>
    rawWrite(
      s,
      { columns: 'data_exports', fields: ['status', 'file', 'expires'] },
      sql`UPDATE data_exports SET status = ${values.status}, file = ${values.file}, expires = ${values.expires}, updated = ${formatDate(new Date())} WHERE id = ${id}`,
    ),
  );
}

/** Tells the member their data is ready: a notification, and a mail to the account's address. */
async function announce(core: Core, user: RecordData): Promise<void> {
  await createRecord(
    core.records,
    collectionOf(core, 'notifications'),
    {
      user: text(user.id),
      icon: 'download',
      content: `Your data is ready to download for ${DAYS} days.`,
      href: '/settings#your-data',
      read: false,
    },
    system(core),
  );
  const email = text(user.email);
  // Queued: a mail server that is down delays the mail, never the export.
  if (email) await queueMail(core, dataExportMail(email, DAYS, core.accountMail.mail));
}

/** Builds one claimed export; a failure marks it failed (the member may ask again the next day). */
async function build(core: Core, row: { id: string; user: string }, now: number): Promise<boolean> {
  const exports = collectionOf(core, 'data_exports');
  const user = await findRecord(core.records, collectionOf(core, 'users'), row.user, null);
  if (!user || !core.records.files) {
    await finish(core, row.id, { status: 'failed', file: '', expires: '' });
    return false;
  }
  const name = storedFileName(`${text(user.username)}-data.zip`, 'application/zip');
  const key = fileKey(exports.id, row.id, name);
  try {
    await writeZipTo(core.records.files, key, await entriesOf(core, user));
  } catch (error) {
    await core.records.files.delete(key).catch(() => undefined);
    await finish(core, row.id, { status: 'failed', file: '', expires: '' });
    throw error;
  }
  await finish(core, row.id, {
    status: 'ready',
    file: name,
    expires: formatDate(new Date(now + DAYS * 24 * HOUR_MS)),
  });
  await announce(core, user);
  return true;
}

/** Builds every export waiting (or abandoned by a stopped process); returns the ids built here. */
export async function buildPendingExports(core: Core, now = Date.now()): Promise<string[]> {
  const stale = formatDate(new Date(now - CLAIM_MINUTES * 60_000));
  const waiting = await sql<{
    id: string;
    user: string;
  }>`SELECT id, "user" FROM data_exports WHERE status = 'pending' OR (status = 'building' AND claimed < ${stale}) ORDER BY created`.execute(
    core.db.kysely,
  );
  const built: string[] = [];
  const failures: unknown[] = [];
  for (const row of waiting.rows) {
    if (!(await claim(core, row.id, now))) continue;
    try {
      if (await build(core, { id: text(row.id), user: text(row.user) }, now)) built.push(text(row.id));
    } catch (error) {
      // One export that cannot be made does not hold up the others; the job reports it.
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
  return built;
}

/** Removes the exports whose days are over, and failed ones after as long, with their files. */
export async function removeExpiredExports(core: Core, now = Date.now()): Promise<number> {
  const cutoff = formatDate(new Date(now));
  const oldFailures = formatDate(new Date(now - DAYS * 24 * HOUR_MS));
  const due = await sql<{
    id: string;
  }>`SELECT id FROM data_exports WHERE (status = 'ready' AND expires <= ${cutoff}) OR (status = 'failed' AND created <= ${oldFailures})`.execute(
    core.db.kysely,
  );
  let removed = 0;
  for (const { id } of due.rows) {
    try {
      await deleteRecord(core.records, collectionOf(core, 'data_exports'), text(id), system(core));
      removed++;
    } catch (error) {
      // Removed meanwhile by another process, or with the account: nothing is left to remove.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return removed;
}

/** Adds the job to the periodic jobs (`/api/crons`): builds what waits, removes what expired. */
export function scheduleDataExports(core: Core, everyMs: number): void {
  core.crons.add(JOB, { everyMs }, async () => {
    await buildPendingExports(core);
    await removeExpiredExports(core);
  });
}
