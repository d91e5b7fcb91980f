/**
 * Reads a record create/update body: JSON as it is, or multipart form data with PocketBase's string
 * inference (`"true"` -> true, canonical numbers -> numbers), repeated keys as lists and
 * `@jsonPayload` parts merged in. File parts become `UploadedFile` values under their form key when
 * the caller allows uploads under that key (see `BodyOptions`); other file parts are drained.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../tools/api-error';
import { BATCH_FILE_KEY } from '../core/files/record-files';
import { UploadedFile } from '../tools/files/uploaded-file';
import { parseJsonBody } from './json-body';

/** The request-wide limit on upload bytes, as PocketBase's default body limit (32 MiB). */
export const UPLOAD_BYTES_LIMIT = 32 * 1024 * 1024;

export interface BodyOptions {
  /** Most bytes kept of one upload under a form key; 0 (the default) drains and drops the part. */
  uploadCap?: (key: string) => number;
  /** Most upload bytes the whole request may carry; more is answered with 413. */
  uploadBytesLimit?: number;
  /**
   * Whether form values (multipart, url-encoded) are inferred (`"true"` -> true, numbers) as record
   * fields need; false keeps them as the submitted text, as PocketBase binds its typed forms.
   */
  inferTypes?: boolean;
}

/** A string part becomes a number only if writing the number back gives the same text. */
export function inferValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d/.test(text) && /^[-.\d]+$/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return text;
}

/** Adds a form value; a key given more than once becomes a list, in order. */
export function appendValue(data: Record<string, unknown>, key: string, value: unknown): void {
  const existing = data[key];
  data[key] =
    existing === undefined
      ? value
      : Array.isArray(existing)
        ? [...(existing as unknown[]), value]
        : [existing, value];
}

export async function readRecordBody(
  request: FastifyRequest,
  options: BodyOptions = {},
): Promise<Record<string, unknown>> {
  if (request.isMultipart()) return readMultipart(request, options);
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'Failed to read the submitted data.');
  if (options.inferTypes !== false && isUrlEncoded(request)) return inferAll(body as Record<string, unknown>);
  return body as Record<string, unknown>;
}

/**
 * The body of a PocketBase form endpoint (sign-in, account mail, OTP, OAuth2): JSON as sent, or
 * multipart and url-encoded fields as their submitted text (file parts are drained), the way
 * PocketBase's BindBody fills a typed form whatever the content type.
 */
export function readFormBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  // A multipart body streams once: whoever reads it first (the rate limits, keyed on an address
  // in it, or the handler) leaves it here for the other.
  let read = formBodies.get(request);
  if (!read) {
    read = readRecordBody(request, { inferTypes: false });
    formBodies.set(request, read);
  }
  return read;
}

const formBodies = new WeakMap<FastifyRequest, Promise<Record<string, unknown>>>();

function isUrlEncoded(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}

/** Url-encoded values arrive as text (or lists of text); record fields read them inferred, like multipart. */
function inferAll(form: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    data[key] = Array.isArray(value)
      ? (value as unknown[]).map((v) => (typeof v === 'string' ? inferValue(v) : v))
      : typeof value === 'string'
        ? inferValue(value)
        : value;
  }
  return data;
}

/**
 * Reads one file part as it streams in: content is kept up to `cap` bytes, anything beyond is only
 * counted, and the request's upload budget is enforced chunk by chunk (413 before it is all read).
 */
async function readUpload(
  part: MultipartFile,
  cap: number,
  budget: { left: number },
): Promise<UploadedFile | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    budget.left -= chunk.length;
    if (budget.left < 0) throw new ApiError(413);
    if (size <= cap) chunks.push(chunk);
    else chunks.length = 0;
  }
  if (part.file.truncated) throw new ApiError(413);
  if (cap <= 0) return null;
  return new UploadedFile(part.filename, size, size <= cap ? Buffer.concat(chunks) : null);
}

async function readMultipart(
  request: FastifyRequest,
  options: BodyOptions,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  const budget = { left: options.uploadBytesLimit ?? UPLOAD_BYTES_LIMIT };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const upload = await readUpload(part, options.uploadCap?.(part.fieldname) ?? 0, budget);
        if (upload) appendValue(data, part.fieldname, upload);
        continue;
      }
      const text = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === '@jsonPayload') {
        Object.assign(data, parseJsonBody(text) as Record<string, unknown>);
        continue;
      }
      const value = options.inferTypes === false ? text : inferValue(text);
      const existing = data[part.fieldname];
      data[part.fieldname] =
        existing === undefined
          ? value
          : Array.isArray(existing)
            ? [...(existing as unknown[]), value]
            : [existing, value];
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The multipart reader's own limits (file size, parts, files) carry 413.
    if ((error as { statusCode?: number }).statusCode === 413) throw new ApiError(413);
    throw new ApiError(400, 'Failed to read the submitted data.');
  }
  return data;
}

/**
 * Moves batch file parts (`requests.<i>.<key>` or `requests[<i>].<key>`) into the body of request
 * `<i>` under `<key>`, after any value the JSON already gives that key.
 */
export function attachBatchUploads<T extends { body?: Record<string, unknown> }>(
  form: Record<string, unknown>,
  items: T[],
): T[] {
  for (const [formKey, value] of Object.entries(form)) {
    const match = BATCH_FILE_KEY.exec(formKey);
    const item = match ? items[Number(match[1] ?? match[2])] : undefined;
    if (!match || !item || match[3]! in Object.prototype) continue;
    const uploads = (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
      (v) => v instanceof UploadedFile,
    );
    if (uploads.length === 0) continue;
    item.body ??= {};
    for (const upload of uploads) appendValue(item.body, match[3]!, upload);
  }
  return items;
}
