/**
 * What every list response must satisfy, whatever the query: a status of 200, 400 or 403 (never a
 * 500); PocketBase's error shape; a well-formed, self-consistent page; and no record, hidden field or
 * private email the caller may not see — anywhere in the body, expanded records included.
 */
import type { CollectionName } from './grammar';

export type CallerName = 'guest' | 'alice' | 'bob' | 'superuser';

export interface Caller {
  name: CallerName;
  token: string | undefined;
  superuser: boolean;
  /** Emails this caller may read (its own, and those with emailVisibility); all for a superuser. */
  emails: Set<string>;
}

/** Per collection: the ids the caller lists with no filter, or null when listing is refused (403). */
export type Visible = Record<CollectionName, Set<string> | null>;

export interface ListCase {
  collection: CollectionName;
  /** The decoded query parameters, or null for a hand-made raw query string. */
  params: Record<string, string> | null;
  query: string;
  /** For a raw query string: the parameter it garbles. */
  rawKey?: string;
}

export interface Problem {
  reason: string;
  /** For a crash: which parameter alone reproduces it. */
  culprit: string;
  caller: CallerName;
  collection: CollectionName;
  query: string;
  status: number;
  body: string;
}

/** Record values the fixture keeps from everyone but superusers (and, for emails, the owners). */
const SECRET_MARKERS = ['note of ', 'hush', 'secretrecord001', 'root@example.com'];
const EMAIL = /[\w.+-]+@example\.com/g;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

const FIXTURE_EMAILS = ['alice@example.com', 'bob@example.com', 'mod@example.com', 'root@example.com'];

/** Whether an `email` value (possibly cut by `:excerpt`) can only come from an email the caller may not read. */
function revealsPrivateEmail(caller: Caller, value: string): boolean {
  const start = value.replace(/\.\.\.$/, '');
  if (start === '') return false;
  const matches = (email: string) => email.startsWith(start);
  return (
    !FIXTURE_EMAILS.filter((e) => caller.emails.has(e)).some(matches) &&
    (FIXTURE_EMAILS.some(matches) || !value.includes('...'))
  );
}

/** Whether an `id` value (possibly cut by `fields=id:excerpt(…)`) can only be one of the visible ids. */
function isVisibleId(allowed: Set<string> | null | undefined, id: string): boolean {
  if (!allowed) return false;
  if (allowed.has(id)) return true;
  if (/^[a-z0-9]{15}$/.test(id)) return false;
  const start = id.replace(/\.\.\.$/, '');
  return [...allowed].some((visibleId) => visibleId.startsWith(start));
}

/** The page and perPage the server must echo for the given parameters. */
export function effectivePaging(params: Record<string, string> | null): {
  page: number;
  perPage: number;
  skipTotal: boolean;
} {
  const page = Number(params?.page ?? '1');
  const perPage = Number(params?.perPage ?? '30');
  return {
    page: Math.max(1, page),
    perPage: perPage <= 0 ? 30 : Math.min(perPage, 1000),
    skipTotal: ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(params?.skipTotal ?? ''),
  };
}

/** Every object in a JSON value, depth first. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objects(item);
  } else if (isObject(value)) {
    yield value;
    for (const child of Object.values(value)) yield* objects(child);
  }
}

export interface Checked {
  problems: string[];
  /** The parsed 200 body, for callers that compare it with another response. */
  list: { items: unknown[]; totalItems: number } | null;
}

export function checkListResponse(
  caller: Caller,
  visible: Visible,
  hiddenPostMarkers: string[],
  c: ListCase,
  status: number,
  text: string,
): Checked {
  const problems: string[] = [];
  const fail = (reason: string) => problems.push(reason);
  if (status !== 200 && status !== 400 && status !== 403)
    fail(`bad status: ${status} is not 200, 400 or 403`);

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('malformed: the body is not JSON');
    return { problems, list: null };
  }

  const params = c.params;
  const refs =
    params !== null &&
    [params.filter, params.sort].some((v) => v?.includes('@collection.') || v?.includes('@request.'));
  // A page or perPage that is no integer in range is a 400 before anything else (PRODUCT.md §15).
  const badPaging =
    params !== null &&
    ['page', 'perPage'].some((key) => {
      const value = params[key];
      return value !== undefined && (!/^-?\d+$/.test(value) || Math.abs(Number(value)) > 2_147_483_647);
    });
  if (badPaging) {
    if (status !== 400) fail('wrong status: an out-of-range page or perPage must be 400');
  } else if (!caller.superuser) {
    if (c.collection === 'secrets' && status !== 403)
      fail(`wrong status: secrets must be 403 for ${caller.name}`);
    else if (refs && status !== 403)
      fail(`wrong status: @request./@collection. in filter or sort must be 403 for ${caller.name}`);
    else if (status === 403 && c.collection !== 'secrets' && params !== null && !refs)
      fail('wrong status: unexpected 403');
  } else if (status === 403) {
    fail('wrong status: 403 for a superuser');
  }

  if (status !== 200) {
    if (
      !isObject(body) ||
      body.status !== status ||
      typeof body.message !== 'string' ||
      !isObject(body.data)
    ) {
      fail('malformed: the error body is not {data, message, status}');
    }
    return { problems, list: null };
  }

  if (!isObject(body)) {
    fail('malformed: the 200 body is not an object');
    return { problems, list: null };
  }
  const { page, perPage, totalItems, totalPages, items } = body;
  if (!isInt(page) || !isInt(perPage) || !isInt(totalItems) || !isInt(totalPages) || !Array.isArray(items)) {
    fail('malformed: the 200 body is not {page, perPage, totalItems, totalPages, items[]}');
    return { problems, list: null };
  }
  const expected = effectivePaging(params);
  if (params !== null) {
    if (page !== expected.page) fail(`paging: page ${page}, expected ${expected.page}`);
    if (perPage !== expected.perPage) fail(`paging: perPage ${perPage}, expected ${expected.perPage}`);
  }
  if (items.length > perPage) fail(`paging: ${items.length} items on a page of ${perPage}`);
  if (expected.skipTotal && params !== null) {
    if (totalItems !== -1 || totalPages !== -1) fail('paging: skipTotal must give -1 totals');
  } else if (totalItems >= 0) {
    if (totalPages !== Math.ceil(totalItems / perPage))
      fail(`paging: totalPages ${totalPages} for ${totalItems}/${perPage}`);
    const onPage = Math.min(Math.max(totalItems - (page - 1) * perPage, 0), perPage);
    if (items.length !== onPage)
      fail(`paging: ${items.length} items, but totalItems ${totalItems} implies ${onPage} on page ${page}`);
  } else if (params !== null) {
    fail(`paging: totalItems ${totalItems} without skipTotal`);
  }

  const own = visible[c.collection];
  if (own && totalItems > own.size)
    fail(`leak: totalItems ${totalItems} exceeds the ${own.size} records ${caller.name} may list`);
  if (items.some((item) => !isObject(item))) fail('malformed: an item is not an object');
  const fielded = params === null || Boolean(params.fields?.trim());
  if (!fielded) {
    const ids = items.map((item) => (isObject(item) ? item.id : undefined));
    if (new Set(ids).size !== ids.length) fail('paging: duplicate items on one page');
    for (const item of items) {
      if (isObject(item) && item.collectionName !== c.collection)
        fail(`malformed: an item of ${String(item.collectionName)}`);
    }
  }

  // Every record anywhere in the body (items and expands) must be one the caller may see.
  for (const object of objects(body)) {
    const name = object.collectionName;
    const id = object.id;
    if (typeof name !== 'string' || typeof id !== 'string') continue;
    if ('password' in object || 'tokenKey' in object) fail(`leak: password/tokenKey of ${name} ${id}`);
    if (caller.superuser) continue;
    const allowed = visible[name as CollectionName] as Set<string> | null | undefined;
    if (!isVisibleId(allowed, id)) fail(`leak: ${name} record ${id} is not visible to ${caller.name}`);
    if ('note' in object) fail(`leak: hidden note of ${name} ${id}`);
    if (typeof object.email === 'string' && revealsPrivateEmail(caller, object.email)) {
      fail(`leak: private email ${object.email} of ${name} ${id}`);
    }
  }
  if (/"(password|tokenKey)"\s*:/.test(text)) fail('leak: a password or tokenKey key in the body');
  if (!caller.superuser) {
    if (/"note"\s*:/.test(text)) fail('leak: a hidden note key in the body');
    for (const marker of [...SECRET_MARKERS, ...hiddenPostMarkers]) {
      if (text.includes(marker)) fail(`leak: the body contains ${JSON.stringify(marker)}`);
    }
    for (const email of text.match(EMAIL) ?? []) {
      if (!caller.emails.has(email)) fail(`leak: private email ${email} in the body`);
    }
  }
  return { problems, list: { items, totalItems } };
}
