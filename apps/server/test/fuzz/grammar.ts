/**
 * A seeded generator of hostile list-query parameters (`filter`, `sort`, `expand`, `fields`) for the
 * fixture's collections: mostly well-formed input built from real field names, relation paths,
 * back-relations, operators, modifiers, macros and functions, mixed with broken syntax, odd quoting,
 * unicode, SQL-injection text, very long and very deep input, and superuser-only references.
 */

/** mulberry32: a small deterministic PRNG, so a failing case can be replayed from its seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }
}

/** A stable 32-bit hash of a label, to derive independent seeds per test. */
export function seedFor(base: number, label: string): number {
  let h = base >>> 0 || 1;
  for (const ch of label) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export type CollectionName = 'posts' | 'comments' | 'members' | 'secrets';

interface Schema {
  /** Fields a client may filter and sort by. */
  fields: string[];
  /** Hidden or auth-internal fields: never filterable by a client. */
  forbidden: string[];
  /** Multi-value capable fields (`:each`, `:length`). */
  multi: string[];
  /** Relation paths and back-relations, valid or not, ending in a field. */
  paths: string[];
  /** Relation segments that expand from this collection, and where they lead. */
  relations: Record<string, CollectionName>;
}

export const SCHEMAS: Record<CollectionName, Schema> = {
  posts: {
    fields: ['id', 'title', 'body', 'published', 'views', 'author', 'tags', 'meta', 'created', 'updated'],
    forbidden: [],
    multi: ['tags', 'author'],
    paths: [
      'author.id',
      'author.username',
      'author.email',
      'author.roles',
      'author.verified',
      'author.emailVisibility',
      'author.note',
      'author.password',
      'author.tokenKey',
      'author.posts_via_author.title',
      'author.posts_via_author.published',
      'author.comments_via_author.text',
      'comments_via_post.text',
      'comments_via_post.id',
      'comments_via_post.author.username',
      'comments_via_post.author.email',
      'comments_via_post.author.note',
      'comments_via_post.post.title',
      'comments_via_post.post.published',
      'comments_via_post.post.author.posts_via_author.comments_via_post.post.title',
      'comments_via_author.text',
      'posts_via_author.title',
      'secrets_via_value.value',
      'members_via_id.username',
      'meta.a',
      'meta.a.b',
      'meta.0',
      'meta.x.1.y',
      'title.length',
      'tags.0',
    ],
    relations: { author: 'members', comments_via_post: 'comments' },
  },
  comments: {
    fields: ['id', 'post', 'author', 'text'],
    forbidden: [],
    multi: ['post', 'author'],
    paths: [
      'post.title',
      'post.published',
      'post.views',
      'post.tags',
      'post.meta.a',
      'post.author.username',
      'post.author.email',
      'post.author.note',
      'post.comments_via_post.text',
      'author.username',
      'author.note',
      'author.tokenKey',
      'author.posts_via_author.title',
      'posts_via_post.title',
    ],
    relations: { post: 'posts', author: 'members' },
  },
  members: {
    fields: ['id', 'username', 'email', 'emailVisibility', 'verified', 'roles'],
    forbidden: ['note', 'password', 'tokenKey'],
    multi: ['roles'],
    paths: [
      'posts_via_author.title',
      'posts_via_author.published',
      'posts_via_author.views',
      'posts_via_author.comments_via_post.author.username',
      'posts_via_author.comments_via_post.author.note',
      'comments_via_author.text',
      'comments_via_author.post.title',
      'comments_via_author.post.published',
      'members_via_id.username',
      'username.x',
    ],
    relations: { posts_via_author: 'posts', comments_via_author: 'comments' },
  },
  secrets: {
    fields: ['id', 'value'],
    forbidden: [],
    multi: [],
    paths: ['value.x', 'posts_via_value.title'],
    relations: {},
  },
};

const OPERATORS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '~',
  '!~',
  '?=',
  '?!=',
  '?>',
  '?>=',
  '?<',
  '?<=',
  '?~',
  '?!~',
];
const BAD_OPERATORS = ['==', '=!', '<>', '=>', '!', '?', '??=', '~~', 'LIKE', 'IS', '&', '|', '=~', '!=='];
const JOINS = ['&&', '||'];
const BAD_JOINS = ['&', '|', 'AND', 'OR', '&&&', '||||', ',', ';'];
const MODIFIERS = ['each', 'length', 'lower', 'isset', 'changed', 'excerpt', 'upper', 'bogus', ''];
const MACROS = [
  '@now',
  '@yesterday',
  '@tomorrow',
  '@todayStart',
  '@todayEnd',
  '@monthStart',
  '@monthEnd',
  '@yearStart',
  '@yearEnd',
  '@second',
  '@minute',
  '@hour',
  '@day',
  '@month',
  '@weekday',
  '@year',
  '@rowid',
  '@random',
  '@nope',
  '@',
];
const WORDS = ['null', 'NULL', 'Null', 'true', 'TRUE', 'false', 'False', 'nil', 'undefined', 'NaN'];
const REQUEST_REFS = [
  '@request.auth.id',
  '@request.auth.roles',
  '@request.auth.email',
  '@request.auth.note',
  '@request.auth.posts_via_author.title',
  '@request.body.title',
  '@request.body.published:isset',
  '@request.query.filter',
  '@request.headers.authorization',
  '@request.context',
  '@request.method',
  '@collection.posts.title',
  '@collection.posts.published',
  '@collection.members.email',
  '@collection.members.note',
  '@collection.members:m.password',
  '@collection.secrets.value',
  '@collection._superusers.email',
  '@collection.nope.x',
  '@collection.posts',
];
/** Text with a history of breaking parsers, escapers and SQL builders. */
export const HOSTILE_TEXT = [
  "' OR 1=1 --",
  '" OR ""="',
  "') OR ('1'='1",
  "'; DROP TABLE posts; --",
  '"); DELETE FROM posts; --',
  "x' UNION SELECT id, value FROM secrets --",
  '1; UPDATE members SET roles = \'["moderator"]\' --',
  '*/ OR 1=1 /*',
  '%',
  '_',
  '%%',
  '%_%',
  '\\',
  '\\\\',
  '\\%',
  '\\_',
  "\\'",
  '\\"',
  '\\u0041',
  '\\x41',
  '\\n',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u001f',
  '\u007f',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  '𝕏',
  'ä',
  'İ',
  'ß',
  'ﬀ',
  '\u202e',
  '\ufeff',
  '\u0301',
  'ｔｉｔｌｅ',
  '日本語',
  'null',
  'true',
  '@now',
  '@request.auth.id',
  '@collection.secrets.value',
  '{:t}',
  '$1',
  '?',
  ':name',
  '/* x */',
  '--',
  ';',
  '`',
  '[',
  ']',
  '{}',
  '[]',
  '{"a":1}',
  '"',
  "'",
  '(',
  ')',
  '//',
  'The Giant Garden',
  'Draft of a Tiny Tale',
  'postdraftalice1',
  'secretrecord001',
  'alice',
  'note of alice',
  'hush',
  'mod@example.com',
  'moderator',
  '2020-01-01 00:00:00.000Z',
  '9999-12-31',
  '-1',
  '1e309',
  '0x10',
];
const NUMBERS = [
  '0',
  '1',
  '-1',
  '3',
  '10',
  '1.5',
  '-0',
  '00',
  '007',
  '1.',
  '.5',
  '-',
  '1.2.3',
  '9007199254740993',
  '1' + '0'.repeat(40),
  '1' + '0'.repeat(400),
  '1e5',
  '-9999999999',
];
const JUNK_CHARS = [...'()[]{}"\'`\\/=!?<>~&|,.:;@#$%^*+-_ \t\n\raZ09é😀\u0000'];

/** A random string of hostile characters. */
export function junk(rng: Rng, max = 24): string {
  const length = rng.range(1, max);
  let out = '';
  for (let i = 0; i < length; i++) out += rng.pick(JUNK_CHARS);
  return out;
}

function hostileText(rng: Rng): string {
  const parts = rng.range(1, 3);
  let out = '';
  for (let i = 0; i < parts; i++) out += rng.chance(0.85) ? rng.pick(HOSTILE_TEXT) : junk(rng, 8);
  if (rng.chance(0.03)) out = out.repeat(rng.range(50, 400));
  return out;
}

/** A text literal: properly escaped most of the time, sometimes raw, unterminated or mis-quoted. */
function textLiteral(rng: Rng): string {
  const value = hostileText(rng);
  switch (rng.int(7)) {
    case 0:
    case 1:
    case 2:
      return JSON.stringify(value);
    case 3:
      return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
    case 4:
      return `"${value}"`;
    case 5:
      return `'${value}'`;
    default:
      return rng.pick(['"', "'"]) + value;
  }
}

function withModifier(rng: Rng, name: string): string {
  if (!rng.chance(0.2)) return name;
  const modifier = rng.pick(MODIFIERS);
  return `${name}:${modifier}`;
}

function fieldOperand(rng: Rng, collection: CollectionName): string {
  const schema = SCHEMAS[collection];
  const roll = rng.next();
  if (roll < 0.45) return withModifier(rng, rng.pick(schema.fields));
  if (roll < 0.55 && schema.multi.length) return `${rng.pick(schema.multi)}:${rng.pick(['each', 'length'])}`;
  if (roll < 0.85) return withModifier(rng, rng.pick(schema.paths));
  if (roll < 0.92 && schema.forbidden.length) return rng.pick(schema.forbidden);
  return rng.pick([
    'nope',
    'id.id',
    '_',
    '#x',
    'a.',
    'a..b',
    'é',
    'title ',
    'Title',
    'ID',
    'id:',
    'tags:each:length',
  ]);
}

function functionOperand(rng: Rng, collection: CollectionName, depth: number): string {
  const arg = () =>
    rng.chance(0.5) ? fieldOperand(rng, collection) : rng.chance(0.5) ? textLiteral(rng) : rng.pick(NUMBERS);
  switch (rng.int(6)) {
    case 0:
      return `strftime('${rng.pick(['%Y', '%Y-%m', '%s', '%%', '%Q', '', "'"])}', ${arg()})`;
    case 1:
      return `strftime(${textLiteral(rng)}, ${arg()}, ${textLiteral(rng)})`;
    case 2:
      return `strftime(${Array.from({ length: rng.range(0, 12) }, arg).join(', ')})`;
    case 3:
      return `geoDistance(${Array.from({ length: rng.range(3, 5) }, arg).join(', ')})`;
    case 4:
      return depth < 5 ? `strftime('%Y', ${functionOperand(rng, collection, depth + 1)})` : 'strftime()';
    default:
      return `${rng.pick(['lower', 'count', 'sqlite_version', 'pg_sleep', 'now', 'x'])}(${arg()})`;
  }
}

function operand(rng: Rng, collection: CollectionName, guardRefs: boolean): string {
  const roll = rng.next();
  if (roll < 0.4) return fieldOperand(rng, collection);
  if (roll < 0.62) return textLiteral(rng);
  if (roll < 0.72) return rng.pick(NUMBERS);
  if (roll < 0.79) return rng.pick(WORDS);
  if (roll < 0.85) return rng.pick(MACROS);
  if (roll < 0.92) return functionOperand(rng, collection, 0);
  if (roll < 0.97 || guardRefs) return rng.pick(REQUEST_REFS);
  return junk(rng, 6);
}

function space(rng: Rng): string {
  return rng.chance(0.85)
    ? ' '
    : rng.pick(['', '  ', '\t', '\n', '\r', '\r\n', ' // c\n', '\u00a0', '\u3000']);
}

function comparison(rng: Rng, collection: CollectionName, refs: boolean): string {
  const op = rng.chance(0.95) ? rng.pick(OPERATORS) : rng.pick(BAD_OPERATORS);
  const left = rng.chance(0.85) ? fieldOperand(rng, collection) : operand(rng, collection, !refs);
  return `${left}${space(rng)}${op}${space(rng)}${operand(rng, collection, !refs)}`;
}

function expression(rng: Rng, collection: CollectionName, depth: number, refs: boolean): string {
  const roll = rng.next();
  if (depth > 4 || roll < 0.45) return comparison(rng, collection, refs);
  if (roll < 0.6) return `(${space(rng)}${expression(rng, collection, depth + 1, refs)}${space(rng)})`;
  const join = rng.chance(0.97) ? rng.pick(JOINS) : rng.pick(BAD_JOINS);
  return `${expression(rng, collection, depth + 1, refs)}${space(rng)}${join}${space(rng)}${expression(rng, collection, depth + 1, refs)}`;
}

/** Breaks a string in one of many small ways. */
function mutate(rng: Rng, input: string): string {
  if (input.length === 0) return junk(rng);
  const at = rng.int(input.length + 1);
  switch (rng.int(8)) {
    case 0:
      return input.slice(0, at);
    case 1:
      return input.slice(0, at) + junk(rng, 3) + input.slice(at);
    case 2:
      return input.slice(0, at) + input.slice(at + rng.range(1, 4));
    case 3:
      return input.slice(0, at) + input.slice(rng.int(input.length));
    case 4:
      return (
        input.slice(0, at) +
        rng.pick(['(', ')', '"', "'", '\\', '//', '&&', '||', ',', '.', ':']) +
        input.slice(at)
      );
    case 5:
      return input + rng.pick([' --', ' /*', ';', ' OR 1=1', ' || 1=1', ' && ', ')', '"']);
    case 6:
      return input.toUpperCase();
    default:
      return `${rng.pick(['!', '-', 'NOT ', '(', '"'])}${input}`;
  }
}

const SQL_FILTERS = [
  "' OR 1=1 --",
  '1=1',
  '1 = 1',
  "id = '' OR 1=1 --'",
  'id = "" OR 1=1',
  'id != "" || 1 = 1',
  'published = false || published = true',
  'true = true',
  'id ~ "%"',
  'title ~ "%" || id ~ "_"',
  '"; DROP TABLE posts; --',
  'id = "x"); DELETE FROM posts; --',
  "title = 'a' UNION SELECT * FROM secrets",
  'id = (SELECT id FROM secrets)',
  'id IN ("postdraftalice1")',
  '(id = "postdraftalice1")',
  'id = "postdraftalice1" || id != "postdraftalice1"',
  'published != true',
  'author.note ~ "alice"',
  'author.email ~ "@"',
  'author.tokenKey != ""',
  'author.password != ""',
  'comments_via_post.id != ""',
  'email = "mod@example.com"',
  'email ~ "mod"',
  'note != ""',
  'password ~ "$2"',
  'tokenKey > ""',
  'value = "hush"',
  'id = @request.auth.id',
  '@collection.secrets.value = "hush"',
  '@request.auth.id = ""',
  '@collection.members.note ?~ "note"',
];

export interface FilterOptions {
  /** Whether `@request.`/`@collection.` references may appear (the caller can be superuser-only refused). */
  refs: boolean;
}

export function filterValue(rng: Rng, collection: CollectionName, options: FilterOptions): string {
  const roll = rng.next();
  if (roll < 0.06) return rng.pick(SQL_FILTERS);
  if (roll < 0.09) return junk(rng, 40);
  if (roll < 0.11) {
    // Deep parentheses, balanced or not.
    const depth = rng.pick([10, 100, 500, 1000, 1700, 5000]);
    const inner = comparison(rng, collection, options.refs);
    return '('.repeat(depth) + inner + ')'.repeat(rng.chance(0.8) ? depth : depth - 1);
  }
  if (roll < 0.13) {
    // Around the 200-expression limit.
    const count = rng.pick([199, 200, 201, 500]);
    return Array.from({ length: count }, () => `views >= ${rng.int(5)}`).join(rng.pick([' && ', ' || ']));
  }
  if (roll < 0.15) {
    // Around the 3500-character limit, and far beyond it.
    const length = rng.pick([3499, 3500, 3501, 20000]);
    const head = `title != "`;
    return head + 'x'.repeat(Math.max(0, length - head.length - 1)) + '"';
  }
  if (roll < 0.16)
    return rng.pick(['', ' ', '\n', '()', '(', ')', '&&', '||', '""', "''", '//', '// only a comment']);
  let filter = expression(rng, collection, 0, options.refs);
  if (rng.chance(0.15)) filter = mutate(rng, filter);
  if (rng.chance(0.03)) filter = `${filter} // ${hostileText(rng)}`;
  return filter;
}

function sortItem(rng: Rng, collection: CollectionName, refs: boolean): string {
  const prefix = rng.pick(['', '', '-', '+', '--', '+-', ' -']);
  const schema = SCHEMAS[collection];
  const roll = rng.next();
  let name: string;
  if (roll < 0.4) name = withModifier(rng, rng.pick(schema.fields));
  else if (roll < 0.62) name = rng.pick(schema.paths);
  else if (roll < 0.7) name = rng.pick(['@random', '@rowid', '@now', '@year', '@nope']);
  else if (roll < 0.75 && refs) name = rng.pick(REQUEST_REFS);
  else if (roll < 0.8 && schema.forbidden.length) name = rng.pick(schema.forbidden);
  else if (roll < 0.86) name = functionOperand(rng, collection, 0);
  else if (roll < 0.92) name = rng.chance(0.5) ? textLiteral(rng) : rng.pick(NUMBERS);
  else name = junk(rng, 12);
  return `${prefix}${name}`;
}

export function sortValue(rng: Rng, collection: CollectionName, options: FilterOptions): string {
  if (rng.chance(0.03)) return 'title,'.repeat(rng.pick([8, 9, 100])) + 'id';
  if (rng.chance(0.02)) return 'a'.repeat(rng.pick([255, 256, 5000]));
  const count = rng.chance(0.9) ? rng.range(1, 3) : rng.range(4, 10);
  const items = Array.from({ length: count }, () => sortItem(rng, collection, options.refs));
  let sort = items.join(rng.pick([',', ',', ', ', ' , ', ',,']));
  if (rng.chance(0.1)) sort = mutate(rng, sort);
  return sort;
}

function expandPath(rng: Rng, collection: CollectionName): string {
  const segments: string[] = [];
  let current: CollectionName | null = collection;
  const depth = rng.chance(0.85) ? rng.range(1, 3) : rng.range(4, 9);
  for (let i = 0; i < depth; i++) {
    const relations: Record<string, CollectionName> = current ? SCHEMAS[current].relations : {};
    const names = Object.keys(relations);
    if (names.length && rng.chance(0.85)) {
      const name = rng.pick(names);
      segments.push(name);
      current = relations[name] ?? null;
    } else {
      segments.push(
        rng.pick([
          'author',
          'post',
          'comments_via_post',
          'posts_via_author',
          'comments_via_author',
          'members_via_id',
          'secrets_via_value',
          'comments(post)',
          'posts(author)',
          'note',
          'password',
          'tokenKey',
          'title',
          'id',
          '*',
          '',
          ' ',
          'author(',
          'AUTHOR',
          'ａuthor',
          '😀',
          junk(rng, 6),
        ]),
      );
      current = null;
    }
  }
  return segments.join(rng.chance(0.95) ? '.' : rng.pick(['..', ' . ', '/', ':']));
}

export function expandValue(rng: Rng, collection: CollectionName): string {
  if (rng.chance(0.02)) return Array.from({ length: 500 }, () => expandPath(rng, collection)).join(',');
  if (rng.chance(0.03)) return junk(rng, 30);
  const count = rng.range(1, 4);
  let expand = Array.from({ length: count }, () => expandPath(rng, collection)).join(
    rng.pick([',', ',', ', ', ',,', ' ,']),
  );
  if (rng.chance(0.1)) expand = mutate(rng, expand);
  if (rng.chance(0.05)) expand = `.${expand}.`;
  return expand;
}

function fieldsItem(rng: Rng, collection: CollectionName): string {
  const schema = SCHEMAS[collection];
  const roll = rng.next();
  if (roll < 0.1) return '*';
  if (roll < 0.35) return rng.pick(schema.fields);
  if (roll < 0.45)
    return rng.pick(schema.forbidden.length ? schema.forbidden : ['password', 'tokenKey', 'note']);
  if (roll < 0.6) {
    const relation = rng.pick([...Object.keys(schema.relations), 'author', 'post', '*']);
    const tail = rng.pick([
      '',
      '.*',
      '.id',
      '.email',
      '.note',
      '.password',
      '.title',
      '.expand.author.email',
      '.*.*',
    ]);
    return `expand${rng.chance(0.8) ? `.${relation}${tail}` : ''}`;
  }
  if (roll < 0.78) {
    const args = rng.pick([
      '3',
      '3,true',
      '0',
      '10,false',
      '1,1',
      '-1',
      '',
      'a',
      '3,maybe',
      '9999999999999999999999',
      '1.5',
      '3,true,x',
      ' 4 , true ',
      '"3"',
    ]);
    const name = rng.pick([...schema.fields, 'body', 'expand.author.username', '*']);
    return `${name}:${rng.pick(['excerpt', 'excerpt', 'EXCERPT', 'bogus', ''])}${rng.chance(0.9) ? `(${args})` : ''}`;
  }
  if (roll < 0.9)
    return rng.pick([
      '',
      ' ',
      '.',
      '..',
      'a..b',
      '.id',
      'id.',
      ':',
      ':excerpt(3)',
      '*.*',
      'expand.',
      '(',
      ')',
    ]);
  return junk(rng, 10);
}

export function fieldsValue(rng: Rng, collection: CollectionName): string {
  if (rng.chance(0.02)) return Array.from({ length: 2000 }, () => fieldsItem(rng, collection)).join(',');
  const count = rng.range(1, 5);
  let fields = Array.from({ length: count }, () => fieldsItem(rng, collection)).join(
    rng.pick([',', ', ', ',,']),
  );
  if (rng.chance(0.08)) fields = mutate(rng, fields);
  return fields;
}

/** Pagination that is always valid, so every other outcome is about the fuzzed parameters. */
export function pagingValues(rng: Rng): Record<string, string> {
  const out: Record<string, string> = {};
  if (rng.chance(0.25)) out.page = String(rng.pick([1, 1, 2, 3, 50]));
  if (rng.chance(0.3)) out.perPage = String(rng.pick([1, 2, 3, 30, 1000, 5000, 0, -5]));
  // Out-of-range numbers (PRODUCT.md §15): a clear 400, never a 500.
  if (rng.chance(0.05)) {
    out[rng.pick(['page', 'perPage'])] = rng.pick([
      '99999999999999999999',
      '-99999999999999999999',
      '9007199254740993',
      '2147483648',
      '2147483647',
      '1e3',
      '0x10',
    ]);
  }
  if (rng.chance(0.2)) out.skipTotal = rng.pick(['1', 'true', 'false', '0', 'T', 'F']);
  return out;
}

/**
 * Sort keys that reach values some callers may not read: private fields (`birthday`), hidden ones
 * (`note`), related rows the caller may not list (a draft's title through comments), and collections
 * nobody but superusers reads. Sorting by them must order nothing the caller could not see anyway.
 */
const BLIND_SORTS: Record<CollectionName, string[]> = {
  posts: [
    'author.birthday',
    'author.note',
    'author.email',
    'secrets_via_value.value',
    'views',
    'title',
    'meta.a',
  ],
  comments: [
    'post.title',
    'post.views',
    'post.meta.a',
    'author.birthday',
    'post.author.birthday',
    'author.note',
  ],
  members: ['birthday', 'note', 'email', 'posts_via_author.title', 'secrets_via_value.value'],
  secrets: ['value'],
};

/** A sort led by one or two keys over hidden values, sometimes with an ordinary key and a filter mixed in. */
export function blindSortValue(rng: Rng, collection: CollectionName): string {
  const keys = Array.from(
    { length: rng.range(1, 2) },
    () => `${rng.pick(['', '-', '+'])}${rng.pick(BLIND_SORTS[collection])}`,
  );
  if (rng.chance(0.3)) keys.push(sortItem(rng, collection, false));
  return [...keys, 'id'].join(',');
}
