import { ApiError } from '../../tools/api-error';
import { findField, type Collection } from '../collections/model';

const NOT_UNIQUE = { code: 'validation_not_unique', message: 'Value must be unique.' };

/** The columns an index definition covers, for naming the fields of a unique violation. */
export function indexColumns(definition: string): string[] {
  const inside = /\(([^)]*)\)/.exec(definition.replace(/lower\(([^)]*)\)/gi, '$1'))?.[1] ?? '';
  return inside
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0]!.replace(/[`"]/g, ''))
    .filter(Boolean);
}

/**
 * Whether at most one record can hold a given value of `field`: the id, or a field with a unique
 * index of its own (a plain column, not an expression such as `lower(...)`).
 */
export function isUniqueField(collection: Collection, field: string): boolean {
  if (field === 'id') return true;
  return collection.indexes.some((definition) => {
    if (!/^\s*CREATE\s+UNIQUE\s+INDEX/i.test(definition) || /\bWHERE\b/i.test(definition)) return false;
    if (/lower\(/i.test(definition)) return false;
    const columns = indexColumns(definition);
    return columns.length === 1 && columns[0] === field;
  });
}

/**
 * Turns a unique-constraint failure from either database into PocketBase's field error. Returns null
 * for any other error, which the caller rethrows.
 */
export function uniqueViolation(error: unknown, collection: Collection, message: string): ApiError | null {
  const e = error as { code?: string; message?: string; detail?: string; constraint?: string };
  let columns: string[] = [];
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const text = e.message ?? '';
    const index = /index '([^']+)'/.exec(text)?.[1];
    if (index) columns = indexColumns(collection.indexes.find((d) => d.includes(index)) ?? '');
    else columns = [...text.matchAll(/\w+\.(\w+)/g)].map((m) => m[1]!);
  } else if (e.code === '23505') {
    const fromDetail = /Key \((.+?)\)=/.exec(e.detail ?? '')?.[1];
    columns = fromDetail
      ? fromDetail.split(',').map((c) =>
          c
            .trim()
            .replace(/^lower\((.*)\)$/i, '$1')
            .replace(/"/g, ''),
        )
      : [];
    if (!columns.length && e.constraint)
      columns = indexColumns(collection.indexes.find((d) => d.includes(e.constraint!)) ?? '');
  } else {
    return null;
  }
  const fields = columns.filter((c) => findField(collection, c) !== undefined);
  const data = Object.fromEntries((fields.length ? fields : ['id']).map((f) => [f, NOT_UNIQUE]));
  return new ApiError(400, message, data);
}
