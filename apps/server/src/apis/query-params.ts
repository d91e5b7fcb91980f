import { ApiError } from '../tools/api-error';

const GO_BOOL: Record<string, boolean> = {
  '1': true,
  t: true,
  T: true,
  TRUE: true,
  true: true,
  True: true,
  '0': false,
  f: false,
  F: false,
  FALSE: false,
  false: false,
  False: false,
};

export type Query = Record<string, string | string[] | undefined>;

export function queryString(query: Query, key: string): string | undefined {
  const value = query[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The largest integer a query parameter may carry (PRODUCT.md §15 "Bad numbers are 400s"): page times
 * perPage stays far inside what both databases take as an OFFSET, so no number reaches SQL as a 500.
 */
export const MAX_QUERY_INT = 2_147_483_647;

/** An integer parameter; a value that is not one, or is out of range, is the caller's error. */
export function queryInt(query: Query, key: string, fallback: number): number {
  const text = queryString(query, key);
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d+$/.test(text.trim())) throw new ApiError(400);
  const value = Number(text);
  if (Math.abs(value) > MAX_QUERY_INT) {
    throw new ApiError(400, `The ${key} parameter is out of range.`, {
      [key]: { code: 'validation_out_of_range', message: `Must be no more than ${MAX_QUERY_INT}.` },
    });
  }
  return value;
}

/** A boolean parameter, read as Go's strconv.ParseBool reads it (PocketBase's parser). */
export function queryBool(query: Query, key: string): boolean {
  const text = queryString(query, key);
  if (text === undefined || text === '') return false;
  const value = GO_BOOL[text];
  if (value === undefined) throw new ApiError(400);
  return value;
}
