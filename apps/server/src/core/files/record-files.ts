/**
 * File fields on record writes. Uploads arrive in the body as `UploadedFile` values under the field's
 * keys (`f`, `+f`, `f+`), beside plain filenames (`f` keeps the names it is given, `f-` removes them):
 *
 *   1. `planFiles`, before the transaction: every upload is sniffed and checked (size, allowed
 *      types by content, pixel count) and given its stored name.
 *   2. `plan.apply`, once the current values are known: modifiers resolve to the new list of names.
 *   3. `plan.store`, inside the transaction once validation passed: the kept uploads are written,
 *      with their removal queued on `scope.onRollback`; the files the record no longer holds are
 *      deleted only after the commit (`scope.afterCommit`), so a rolled-back write loses nothing.
 */
import { imageDimensions, isRasterImage } from '../../tools/files/image-size';
import { isSafeFileName, storedFileName } from '../../tools/files/names';
import { SNIFF_BYTES, sniffType } from '../../tools/files/sniff';
import type { FileStorage } from '../../tools/files/storage';
import { isUpload, type UploadedFile } from '../../tools/files/uploaded-file';
import { findField, type Collection, type Field, type FieldOf } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { asList, fromList } from '../fields/lists';
import type { FieldError } from '../fields/types';
import type { RecordContext } from '../records/context';
import type { RecordData } from '../records/record';
import type { WriteScope } from '../records/scope';
import type { FieldErrors } from '../records/validate';

export type FileField = FieldOf<'file'>;

/** Per-file size when a field sets none (PRODUCT.md §9: 10 MB; PocketBase's own default is 5 MiB). */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
/** Largest image accepted, and largest image decoded for thumbnails (PRODUCT.md §9). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const maxFileSize = (field: FileField): number =>
  field.maxSize > 0 ? field.maxSize : DEFAULT_MAX_FILE_SIZE;

export const isFileField = (field: Field | undefined): field is FileField => field?.type === 'file';

export const fileKey = (collectionId: string, recordId: string, name: string): string =>
  `${collectionId}/${recordId}/${name}`;

export const thumbKey = (collectionId: string, recordId: string, name: string, size: string): string =>
  `${collectionId}/${recordId}/thumbs_${name}/${size}_${name}`;

/** The field name a body key addresses and how (`+f` prepend, `f+` append, `f-` remove, `f` set). */
function splitKey(key: string): { name: string; modifier: 'set' | 'prepend' | 'append' | 'remove' } {
  if (key.startsWith('+')) return { name: key.slice(1), modifier: 'prepend' };
  if (key.endsWith('+')) return { name: key.slice(0, -1), modifier: 'append' };
  if (key.endsWith('-')) return { name: key.slice(0, -1), modifier: 'remove' };
  return { name: key, modifier: 'set' };
}

/** Most bytes to accept for an upload under each form key of a record body (0: not a file key). */
export function uploadCapFor(collection: Collection): (key: string) => number {
  return (key) => {
    const { name, modifier } = splitKey(key);
    const field = findField(collection, name);
    return modifier !== 'remove' && isFileField(field) ? maxFileSize(field) : 0;
  };
}

/** Batch file parts are named `requests.<i>.<key>` or `requests[<i>].<key>`. */
export const BATCH_FILE_KEY = /^requests(?:\.(\d+)|\[(\d+)\])\.(.+)$/;

/**
 * Upload caps for a batch body, where the target collection of a part is not known while reading:
 * the largest maxSize of any file field with that name. The exact field's limit is checked later.
 */
export function batchUploadCap(registry: CollectionRegistry): (key: string) => number {
  return (key) => {
    const match = BATCH_FILE_KEY.exec(key);
    if (!match) return 0;
    const { name, modifier } = splitKey(match[3]!);
    if (modifier === 'remove') return 0;
    let cap = 0;
    for (const collection of registry.all()) {
      for (const field of collection.fields) {
        if (isFileField(field) && field.name === name) cap = Math.max(cap, maxFileSize(field));
      }
    }
    return cap;
  };
}

function mimeAllowed(allowed: string[], type: string): boolean {
  return allowed.some((entry) => {
    const wanted = entry.split(';')[0]!.trim().toLowerCase();
    return wanted === type || (wanted.endsWith('/*') && type.startsWith(wanted.slice(0, -1)));
  });
}

interface Staged {
  name: string;
  upload: UploadedFile;
}

/** Checks one upload against its field and names it, or says why it is refused. */
async function inspect(field: FileField, upload: UploadedFile): Promise<Staged | FieldError> {
  const max = maxFileSize(field);
  if (upload.overCap || upload.size > max || !upload.content) {
    return {
      code: 'validation_file_size_limit',
      message: `The file must not be larger than ${max} bytes.`,
      params: { maxSize: max },
    };
  }
  const type = sniffType(upload.content.subarray(0, SNIFF_BYTES));
  if (field.mimeTypes.length > 0 && !mimeAllowed(field.mimeTypes, type)) {
    return {
      code: 'validation_invalid_mime_type',
      message: `The file type ${type} is not allowed; allowed types: ${field.mimeTypes.join(', ')}.`,
      params: { mimeTypes: field.mimeTypes.join(', ') },
    };
  }
  if (isRasterImage(type)) {
    const size = await imageDimensions(upload.content, type);
    if (size && size.width * size.height > MAX_IMAGE_PIXELS) {
      return {
        code: 'validation_image_too_large',
        message: `The image must not have more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
        params: { maxPixels: MAX_IMAGE_PIXELS, width: size.width, height: size.height },
      };
    }
  }
  return { name: storedFileName(upload.originalName, type), upload };
}

const isStaged = (value: Staged | FieldError): value is Staged => 'upload' in value;

/** What a body asks of one file field. */
interface FieldRequest {
  field: FileField;
  /** The plain key's value: kept names and new uploads, in order; undefined without a plain key. */
  set?: Array<string | Staged>;
  prepend: Staged[];
  append: Staged[];
  /** Names given under `+f`/`f+`: they must already be held and change nothing. */
  mentioned: string[];
  remove: string[];
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

const nameOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

export interface FilePlan {
  /**
   * Resolves the file fields of `data` against `current` (the stored values, or zero values on create),
   * records them in `resolved` (`@request.body`) and returns the field errors found.
   */
  apply(data: RecordData, current: RecordData, resolved: Record<string, unknown>): FieldErrors;
  /** Writes the uploads the record keeps and queues the removal of files it no longer holds. */
  store(scope: WriteScope, recordId: string): Promise<void>;
}

function requireStorage(ctx: RecordContext): FileStorage {
  if (!ctx.files) throw new Error('file storage is not configured');
  return ctx.files;
}

async function quietly(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch {
    // Clean-up is best effort: a file left behind is garbage, never lost data.
  }
}

/** Deletes a stored file and its cached thumbnails. */
export async function removeStoredFile(
  storage: FileStorage,
  collectionId: string,
  recordId: string,
  name: string,
): Promise<void> {
  await storage.delete(fileKey(collectionId, recordId, name));
  await storage.deletePrefix(`${collectionId}/${recordId}/thumbs_${name}/`);
}

/** Reads the file parts of a body for every file field the caller may write, checking each upload. */
export async function planFiles(
  ctx: RecordContext,
  collection: Collection,
  body: Record<string, unknown>,
  allowField: (field: Field) => boolean,
): Promise<FilePlan> {
  const requests: FieldRequest[] = [];
  const uploadErrors: FieldErrors = {};
  for (const field of collection.fields) {
    if (!isFileField(field) || !allowField(field)) continue;
    const keys = [field.name, `+${field.name}`, `${field.name}+`, `${field.name}-`].filter((k) => k in body);
    if (keys.length === 0) continue;
    const request: FieldRequest = { field, prepend: [], append: [], mentioned: [], remove: [] };
    const stage = async (value: unknown): Promise<Staged | string | null> => {
      if (!isUpload(value)) return nameOf(value);
      const result = await inspect(field, value);
      if (isStaged(result)) return result;
      uploadErrors[field.name] ??= result;
      return null;
    };
    for (const key of keys) {
      const { modifier } = splitKey(key);
      const values = listOf(body[key]);
      if (modifier === 'remove') {
        request.remove.push(...values.map(nameOf).filter((n): n is string => n !== null));
        continue;
      }
      const staged = [];
      for (const value of values) staged.push(await stage(value));
      const present = staged.filter((s): s is Staged | string => s !== null);
      if (modifier === 'set') request.set = present;
      else {
        const uploads = present.filter((s): s is Staged => typeof s !== 'string');
        request.mentioned.push(...present.filter((s): s is string => typeof s === 'string'));
        request[modifier].push(...uploads);
      }
    }
    requests.push(request);
  }

  let kept: Staged[] = [];
  let dropped: string[] = [];
  return {
    apply(data, current, resolved) {
      const errors: FieldErrors = { ...uploadErrors };
      kept = [];
      dropped = [];
      for (const request of requests) {
        const { field } = request;
        const before = asList(current[field.name]);
        const named = (s: string | Staged) => (typeof s === 'string' ? s : s.name);
        const given = [...(request.set ?? []), ...request.mentioned].filter((s) => typeof s === 'string');
        const invalid = given.filter((name) => !before.includes(name) || !isSafeFileName(name));
        if (invalid.length > 0) {
          errors[field.name] ??= {
            code: 'validation_invalid_file',
            message: 'Invalid file name; only names the record already holds can be kept.',
            params: { name: invalid[0] },
          };
        }
        let list = request.set ? request.set.map(named).filter((n) => !invalid.includes(n)) : before;
        list = [...request.prepend.map(named), ...list, ...request.append.map(named)];
        list = [...new Set(list.filter((name) => !request.remove.includes(name)))];
        if (field.maxSelect <= 1) list = list.slice(-1);
        else if (list.length > field.maxSelect) {
          errors[field.name] ??= {
            code: 'validation_too_many_files',
            message: `No more than ${field.maxSelect} files are allowed.`,
            params: { maxSelect: field.maxSelect },
          };
        }
        data[field.name] = fromList(field, list);
        resolved[field.name] = field.maxSelect > 1 ? list : (list[0] ?? '');
        const uploads = [...(request.set ?? []), ...request.prepend, ...request.append];
        kept.push(...uploads.filter((s): s is Staged => typeof s !== 'string' && list.includes(s.name)));
        dropped.push(...before.filter((name) => !list.includes(name)));
      }
      return errors;
    },
    async store(scope, recordId) {
      for (const { name, upload } of kept) {
        const storage = requireStorage(ctx);
        const key = fileKey(collection.id, recordId, name);
        scope.onRollback?.push(() => quietly(() => storage.delete(key)));
        await storage.put(key, upload.content!);
      }
      const storage = ctx.files;
      if (!storage) return;
      for (const name of dropped) {
        scope.afterCommit.push(() => quietly(() => removeStoredFile(storage, collection.id, recordId, name)));
      }
    },
  };
}

/** Queues the removal of a deleted record's files (and thumbnails) for after the commit. */
export function removeRecordFilesAfterCommit(
  ctx: RecordContext,
  scope: WriteScope,
  collection: Collection,
  recordId: string,
): void {
  const storage = ctx.files;
  if (!storage || !collection.fields.some(isFileField)) return;
  scope.afterCommit.push(() => quietly(() => storage.deletePrefix(`${collection.id}/${recordId}/`)));
}

/** At most this many records' files are removed at once after a truncate. */
const REMOVAL_CONCURRENCY = 8;

/**
 * Removes what records that left without record writes had stored: the files of a truncated
 * collection's records (`recordIds`), or everything of a deleted collection (undefined). Per record
 * rather than the whole collection's prefix after a truncate, so a record created meanwhile keeps
 * its files. Best effort, like every clean-up here.
 */
export async function removeFilesOfRemovedRecords(
  ctx: RecordContext,
  collection: Collection,
  recordIds: string[] | undefined,
): Promise<void> {
  const storage = ctx.files;
  if (!storage || collection.type === 'view') return;
  if (!recordIds) return quietly(() => storage.deletePrefix(`${collection.id}/`));
  if (!collection.fields.some(isFileField)) return;
  let next = 0;
  const worker = async () => {
    while (next < recordIds.length) {
      const id = recordIds[next++]!;
      await quietly(() => storage.deletePrefix(`${collection.id}/${id}/`));
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMOVAL_CONCURRENCY, recordIds.length) }, worker));
}
