/**
 * EPUB export (PRODUCT.md §14): a story, or a series with its chapters in order, as a book. What goes
 * in is what the caller may see, read through the same rules as a view (`viewRecord`, then the
 * expansions with the caller's rights), so a chapter still in review is left out for readers and a
 * hidden field never reaches a book. An unpublished story or series is refused with a reason (403)
 * to anyone who may not see it; a missing one is 404.
 *
 * Images: the attachments of each chapter's post (and the series' own, on the title page). JPEG, PNG
 * and GIF go in as they are; other raster images (WebP, AVIF, ...) are converted to PNG, since EPUB
 * readers need not show them; SVG and anything else stays out. A markdown image names its attachment
 * as on the story page (spec part 1 §5): by stored name, or by the name as uploaded.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Core } from '../core';
import { fileKey, MAX_IMAGE_PIXELS } from '../core/files/record-files';
import { findRecord } from '../core/records/find';
import { viewRecord } from '../core/records/read';
import { renderRecords } from '../core/records/render';
import type { RequestInfo } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { typedName } from '../tools/epub/attachment-names';
import {
  BOOK_IMAGE_TYPES,
  ChapterTooComplexError,
  writeBook,
  type Book,
  type BookChapter,
  type BookImage,
} from '../tools/epub/book';
import { SNIFF_BYTES, sniffType } from '../tools/files/sniff';
import { readAll, readStart } from '../tools/files/storage';
import { JobAbortedError, JobTooCostlyError, OwnerBusyError, PoolBusyError } from '../tools/workers/pool';

export const UNPUBLISHED_STORY_TEXT =
  'This story is not published yet, so only its authors and moderators can download it.';
export const UNPUBLISHED_SERIES_TEXT =
  'This series is not published yet, so only its authors and moderators can download it.';

/** Raster types sharp reads and a book gets as PNG. */
const CONVERTED_TYPES = new Set(['image/webp', 'image/avif', 'image/tiff', 'image/bmp', 'image/heif']);

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const asList = (value: unknown): Json[] =>
  Array.isArray(value) ? value.map(asJson).filter((v): v is Json => v !== undefined) : [];
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The display name rule (spec part 1 §3): the username if displayUsername is on, else the profile name. */
function displayName(user: Json): string {
  const username = str(user.username);
  const profile = asJson(asJson(user.expand)?.profile);
  if (!profile) return username;
  const showUsername = asJson(profile.settings)?.displayUsername === true;
  return (showUsername ? username : str(profile.name)) || username;
}

function authorsOf(post: Json | undefined): string[] {
  return asList(asJson(post?.expand)?.contributors).map(displayName).filter(Boolean);
}

interface PostImages {
  images: BookImage[];
  /** The stored attachment name of each image, in the same order. */
  names: string[];
}

/** The post's attachments that can go into a book, each read only when the book is written. */
async function postImages(core: Core, post: Json | undefined): Promise<PostImages> {
  const storage = core.records.files;
  const names = Array.isArray(post?.attachments) ? post.attachments.filter((n) => typeof n === 'string') : [];
  const out: PostImages = { images: [], names: [] };
  if (!storage || !post) return out;
  const collectionId = str(post.collectionId);
  for (const name of names) {
    const key = fileKey(collectionId, str(post.id), name);
    let type: string;
    try {
      type = sniffType(await readStart(storage, key, SNIFF_BYTES));
    } catch {
      continue; // A file that is gone is left out, not a failed book.
    }
    const alt = typedName(name);
    if (BOOK_IMAGE_TYPES[type]) {
      out.images.push({ mediaType: type, alt, open: () => storage.getStream(key) });
    } else if (CONVERTED_TYPES.has(type)) {
      out.images.push({
        mediaType: 'image/png',
        alt,
        open: async () =>
          sharp(await readAll(storage, key), { limitInputPixels: MAX_IMAGE_PIXELS })
            .png()
            .toBuffer(),
      });
    } else continue;
    out.names.push(name);
  }
  return out;
}

async function chapterOf(core: Core, story: Json): Promise<BookChapter> {
  const post = asJson(asJson(story.expand)?.post);
  const { images, names } = await postImages(core, post);
  return {
    title: str(post?.title) || 'Untitled',
    markdown: str(story.content),
    images,
    imageNames: names,
  };
}

/**
 * The record as the caller may view it, or the reason they may not: 404 for a missing record (or one
 * hidden for another reason), 403 with `unpublishedText` for an unpublished one.
 */
async function viewable(
  core: Core,
  collectionName: 'stories' | 'series',
  id: string,
  request: RequestInfo,
  unpublishedText: string,
  expand: string,
): Promise<Json> {
  if (!request.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const collection = core.registry.find(collectionName)!;
  try {
    const record = await viewRecord(core.records, collection, id, request);
    const [json] = await renderRecords(core.records, collection, [record], request, expand);
    return json as Json;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const raw = await findRecord(core.records, collection, id, null);
  const post = raw && (await findRecord(core.records, core.registry.find('posts')!, str(raw.post), null));
  if (post && !post.published) throw new ApiError(403, unpublishedText);
  throw new ApiError(404);
}

function newest(...dates: unknown[]): Date {
  const times = dates.map((d) => Date.parse(str(d).replace(' ', 'T'))).filter(Number.isFinite);
  return new Date(times.length ? Math.max(...times) : Date.now());
}

function bookBase(core: Core, path: string) {
  const meta = core.settings.get().meta;
  return {
    identity: `${meta.appURL.replace(/\/+$/, '')}${path}`,
    language: 'en',
    publisher: meta.appName,
  };
}

const AUTHORS = 'post,post.contributors,post.contributors.profile';

/** A story as a book of one chapter. */
export async function storyBook(core: Core, storyId: string, request: RequestInfo): Promise<Book> {
  const story = await viewable(core, 'stories', storyId, request, UNPUBLISHED_STORY_TEXT, AUTHORS);
  const post = asJson(asJson(story.expand)?.post);
  return {
    ...bookBase(core, `/stories/${storyId}`),
    title: str(post?.title) || 'Untitled',
    authors: authorsOf(post),
    description: str(post?.description),
    modified: newest(story.updated, post?.updated),
    titleImages: [],
    chapters: [await chapterOf(core, story)],
  };
}

/** A series as a book: its description and images, then every chapter the caller may read, in order. */
export async function seriesBook(core: Core, seriesId: string, request: RequestInfo): Promise<Book> {
  const series = await viewable(
    core,
    'series',
    seriesId,
    request,
    UNPUBLISHED_SERIES_TEXT,
    `${AUTHORS},stories,stories.post,stories.post.contributors,stories.post.contributors.profile`,
  );
  const expand = asJson(series.expand);
  const post = asJson(expand?.post);
  const visible = new Map(asList(expand?.stories).map((story) => [str(story.id), story]));
  const ordered = (Array.isArray(series.stories) ? series.stories : [])
    .map((id) => visible.get(str(id)))
    .filter((story): story is Json => story !== undefined);
  const chapters: BookChapter[] = [];
  for (const story of ordered) chapters.push(await chapterOf(core, story));
  // The series' authors first, then anyone who wrote a chapter with them.
  const authors = [
    ...new Set([
      ...authorsOf(post),
      ...ordered.flatMap((story) => authorsOf(asJson(asJson(story.expand)?.post))),
    ]),
  ];
  return {
    ...bookBase(core, `/series/${seriesId}`),
    title: str(post?.title) || 'Untitled',
    authors,
    description: str(post?.description),
    modified: newest(series.updated, post?.updated, ...ordered.map((story) => story.updated)),
    titleImages: (await postImages(core, post)).images,
    chapters,
  };
}

/** A file name for the book: the title's letters and digits, dashes between. */
export function bookFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${slug || 'book'}.epub`;
}

/** The start of every "too complex" answer; the rest says which bound the text broke. */
export const TOO_COMPLEX_TEXT = 'This story is too complex to export';
export const EXPORT_BUSY_TEXT = 'The server is busy making other books. Try again in a minute.';
export const EXPORT_IN_PROGRESS_TEXT =
  'You are already downloading a book. Wait for it to finish, then try again.';

const COSTLY: Record<JobTooCostlyError['limit'], string> = {
  time: 'it takes too long to turn into a book',
  memory: 'it needs too much memory to turn into a book',
  stack: 'it nests too deeply to turn into a book',
};

/** What a failure to render the book answers: the bound it broke, or that the server is busy. */
function exportError(book: Book, error: unknown): unknown {
  const whole = book.chapters.length === 1 ? TOO_COMPLEX_TEXT : `${TOO_COMPLEX_TEXT} as a book`;
  if (error instanceof ChapterTooComplexError) {
    const which =
      book.chapters.length === 1
        ? TOO_COMPLEX_TEXT
        : `Its chapter "${error.chapter}" is too complex to export`;
    return new ApiError(400, `${which}: ${error.reason}.`);
  }
  if (error instanceof JobTooCostlyError) return new ApiError(400, `${whole}: ${COSTLY[error.limit]}.`);
  if (error instanceof PoolBusyError)
    return new ApiError(503, EXPORT_BUSY_TEXT).withHeader('Retry-After', '30');
  if (error instanceof OwnerBusyError)
    return new ApiError(429, EXPORT_IN_PROGRESS_TEXT).withHeader('Retry-After', '10');
  if (error instanceof JobAbortedError) return new ApiError(503, 'The export was stopped.');
  return error;
}

/**
 * The book as a zip stream. Its chapters are rendered in the core's worker pool (tools/workers), one
 * at a time, counted against the caller, so the event loop keeps serving others while it runs; a
 * chapter past a bound is a 400 that says which, a busy pool a 503. `signal` aborts when the caller
 * leaves, which stops the work.
 */
export async function bookStream(
  core: Core,
  book: Book,
  request: RequestInfo,
  signal?: AbortSignal,
): Promise<Readable> {
  const auth = request.auth;
  const owner = auth ? `${auth.collection.id}:${String(auth.record.id)}` : undefined;
  try {
    return await writeBook(book, (task) => core.work.run(task, task.markdown.length, { owner, signal }));
  } catch (error) {
    throw exportError(book, error);
  }
}
