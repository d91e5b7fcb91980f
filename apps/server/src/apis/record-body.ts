/**
 * Reads a record create/update body: JSON as it is, or multipart form data with PocketBase's string
 * inference (`"true"` -> true, canonical numbers -> numbers), repeated keys as lists and
 * `@jsonPayload` parts merged in.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../tools/api-error';

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

export async function readRecordBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) return readMultipart(request);
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'Failed to read the submitted data.');
  return body as Record<string, unknown>;
}

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Files are stored by the files module; until it reads them, they are drained and ignored.
        await part.toBuffer();
        continue;
      }
      const text = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === '@jsonPayload') {
        Object.assign(data, JSON.parse(text) as Record<string, unknown>);
        continue;
      }
      const value = inferValue(text);
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
    throw new ApiError(400, 'Failed to read the submitted data.');
  }
  return data;
}
