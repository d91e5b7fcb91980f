/**
 * The benchmark's community: members (auth), posts and comments, built the way the server
 * would build them where it matters (collections through the collection service, a few hundred
 * members and the superuser through the record service with real bcrypt hashes) and in bulk
 * through Kysely where volume matters (the other members get one precomputed hash; posts and
 * comments are inserted 1000 rows per INSERT inside transactions).
 *
 * `author` on posts is indexed and `editor` holds the same member but has no index, so a relation
 * filter can be compared with and without an index on identical data. The lists a real app would
 * serve from an index have one, as its operator would declare: posts by `created` (the newest first)
 * and comments by `(post, created)` (a thread page), so their floors are index walks, not scans.
 */
import { sql } from 'kysely';
import type { Core } from '../apps/server/src/core';
import type { Collection } from '../apps/server/src/core/collections/model';
import { encodeData, type RecordData } from '../apps/server/src/core/records/record';
import { createRecord } from '../apps/server/src/core/records/write';
import { systemRequest } from '../apps/server/src/core/rules/request-info';

export const PASSWORD = 'bench-password-1';

/**
 * The bench's collections. They carry a prefix because the server creates the community's own
 * collections (`users`, `posts`, `comments`, ...) at start-up and would rewrite same-named ones.
 */
export const MEMBERS = 'bench_members';
export const POSTS = 'bench_posts';
export const COMMENTS = 'bench_comments';
const ROWS_PER_INSERT = 1000;
const INSERTS_PER_TRANSACTION = 10;
const TOKEN_POOL = 20;
const VIEW_POOL = 1000;

export interface DatasetOptions {
  serviceMembers: number;
  bulkMembers: number;
  posts: number;
  comments: number;
  /** Records created through the service at once (SQLite serialises them anyway). */
  serviceConcurrency: number;
  log: (line: string) => void;
}

export interface Member {
  id: string;
  username: string;
  email: string;
}

export interface Dataset {
  members: number;
  posts: number;
  comments: number;
  /** Members created through the record service; every one signs in with `PASSWORD`. */
  serviceMembers: Member[];
  /** Tokens of the first service members, used round-robin by the member scenarios. */
  memberTokens: string[];
  superuserToken: string;
  /** The member whose posts the relation-filter scenarios look for. */
  target: Member;
  /** Published posts to view, in a fixed pseudo-random order. */
  viewPostIds: string[];
  /** A published post with many comments (the thread page scenario). */
  hotPostId: string;
  /** Seconds spent per build step. */
  timings: Record<string, number>;
}

/** mulberry32: a small seeded generator, so every run builds the same data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(random: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function dateString(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

const LOREM =
  'The lighthouse keeper measured the tide against the giant’s boot, which had stood in the bay since ' +
  'the spring. Children climbed its laces in the afternoon and the fishermen tied their boats to the ' +
  'buckle. Nobody remembered the rest of the giant, only that he had promised to come back for it ' +
  'before the winter storms, and that the boot was warm to the touch even at night.';

async function timed<T>(timings: Record<string, number>, key: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[key] = (performance.now() - started) / 1000;
  return result;
}

/** Runs `work(i)` for i in [0, count) with at most `limit` in flight. */
async function pool(count: number, limit: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) await work(next++);
  });
  await Promise.all(runners);
}

async function insertBulk(
  core: Core,
  collection: Collection,
  count: number,
  row: (i: number) => RecordData,
): Promise<void> {
  const dialect = core.db.dialect;
  const perTransaction = ROWS_PER_INSERT * INSERTS_PER_TRANSACTION;
  for (let start = 0; start < count; start += perTransaction) {
    const end = Math.min(count, start + perTransaction);
    await core.db.kysely.transaction().execute(async (trx) => {
      for (let batch = start; batch < end; batch += ROWS_PER_INSERT) {
        const values = [];
        for (let i = batch; i < Math.min(end, batch + ROWS_PER_INSERT); i++) {
          values.push(encodeData(collection, row(i), dialect));
        }
        await trx.insertInto(collection.name).values(values).execute();
      }
    });
  }
}

async function createCollections(core: Core): Promise<void> {
  await core.collections.create({
    name: MEMBERS,
    type: 'auth',
    listRule: "@request.auth.id != ''",
    viewRule: "@request.auth.id != ''",
    createRule: '',
    updateRule: 'id = @request.auth.id',
    deleteRule: 'id = @request.auth.id',
    passwordAuth: { enabled: true, identityFields: ['email', 'username'] },
    fields: [
      { name: 'username', type: 'text', required: true, max: 50 },
      { name: 'created', type: 'autodate', onCreate: true },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ],
    indexes: [`CREATE UNIQUE INDEX idx_${MEMBERS}_username ON ${MEMBERS} (username)`],
  });
  await core.collections.create({
    name: POSTS,
    listRule: 'published = true || author = @request.auth.id',
    viewRule: 'published = true || author = @request.auth.id',
    createRule: "@request.auth.id != '' && author = @request.auth.id",
    updateRule: 'author = @request.auth.id',
    deleteRule: 'author = @request.auth.id',
    fields: [
      { name: 'title', type: 'text', required: true, max: 200 },
      { name: 'body', type: 'editor' },
      { name: 'published', type: 'bool' },
      { name: 'views', type: 'number', onlyInt: true, min: 0 },
      { name: 'author', type: 'relation', collectionId: MEMBERS, required: true },
      // The same member as `author`, deliberately without an index.
      { name: 'editor', type: 'relation', collectionId: MEMBERS },
      { name: 'created', type: 'autodate', onCreate: true },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ],
    indexes: [
      `CREATE INDEX idx_${POSTS}_author ON ${POSTS} (author)`,
      `CREATE INDEX idx_${POSTS}_created ON ${POSTS} (created)`,
    ],
  });
  await core.collections.create({
    name: COMMENTS,
    listRule: "@request.auth.id != '' && post.published = true",
    viewRule: "@request.auth.id != '' && post.published = true",
    createRule: "@request.auth.id != '' && author = @request.auth.id",
    updateRule: 'author = @request.auth.id',
    deleteRule: 'author = @request.auth.id',
    fields: [
      { name: 'post', type: 'relation', collectionId: POSTS, required: true, cascadeDelete: true },
      { name: 'author', type: 'relation', collectionId: MEMBERS, required: true },
      { name: 'text', type: 'text', required: true },
      { name: 'created', type: 'autodate', onCreate: true },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ],
    indexes: [`CREATE INDEX idx_${COMMENTS}_post_created ON ${COMMENTS} (post, created)`],
  });
}

export async function buildDataset(core: Core, options: DatasetOptions): Promise<Dataset> {
  const timings: Record<string, number> = {};
  const random = seededRandom(0x5eed);
  const find = (name: string) => {
    const collection = core.registry.find(name);
    if (!collection) throw new Error(`collection ${name} is missing`);
    return collection;
  };
  await timed(timings, 'collections', () => createCollections(core));
  const members = find(MEMBERS);
  const posts = find(POSTS);
  const comments = find(COMMENTS);
  const superusers = find('_superusers');
  const system = systemRequest(superusers);

  const memberIds: string[] = [];
  const serviceMembers: Member[] = [];
  for (let i = 0; i < options.serviceMembers + options.bulkMembers; i++) {
    memberIds.push(randomString(random, LOWER, 15));
  }
  const memberOf = (i: number): Member => ({
    id: memberIds[i]!,
    username: `member${i}`,
    email: `member${i}@bench.example`,
  });

  options.log(`  ${options.serviceMembers} members through the record service (bcrypt cost 10)`);
  await timed(timings, 'serviceMembers', () =>
    pool(options.serviceMembers, options.serviceConcurrency, async (i) => {
      const member = memberOf(i);
      serviceMembers[i] = member;
      await createRecord(
        core.records,
        members,
        { ...member, password: PASSWORD, passwordConfirm: PASSWORD, verified: true },
        system,
      );
    }),
  );
  const superuser = await createRecord(
    core.records,
    superusers,
    { email: 'bench-root@bench.example', password: PASSWORD, passwordConfirm: PASSWORD },
    system,
  );

  const hash = await core.passwords.hash(PASSWORD);
  const now = Date.UTC(2026, 10, 1);
  options.log(`  ${options.bulkMembers} members in bulk (one precomputed hash)`);
  await timed(timings, 'bulkMembers', () =>
    insertBulk(core, members, options.bulkMembers, (n) => {
      const i = options.serviceMembers + n;
      const created = dateString(now - i * 60_000);
      return {
        ...memberOf(i),
        password: hash,
        tokenKey: randomString(random, MIXED, 50),
        emailVisibility: false,
        verified: true,
        created,
        updated: created,
      };
    }),
  );

  const totalMembers = memberIds.length;
  const postIds: string[] = [];
  const published: boolean[] = [];
  options.log(`  ${options.posts} posts in bulk`);
  await timed(timings, 'posts', () =>
    insertBulk(core, posts, options.posts, (i) => {
      const id = randomString(random, LOWER, 15);
      const author = memberIds[Math.floor(random() * totalMembers)]!;
      postIds[i] = id;
      published[i] = i % 4 !== 3;
      const created = dateString(now - i * 30_000);
      return {
        id,
        title: `Story ${i}: the ${['giant', 'tiny', 'shrinking', 'growing'][i % 4]} visitor`,
        body: `<p>${LOREM.slice(0, 250 + (i % 150))}</p>`,
        published: published[i],
        views: Math.floor(random() * 10_000),
        author,
        editor: author,
        created,
        updated: created,
      };
    }),
  );

  options.log(`  ${options.comments} comments in bulk`);
  await timed(timings, 'comments', () =>
    insertBulk(core, comments, options.comments, (i) => {
      // Skewed towards the first posts, so post 0 is a long thread (about sqrt(posts) comments).
      const r = random();
      const post = postIds[Math.floor(r * r * postIds.length)]!;
      const created = dateString(now - i * 20_000);
      return {
        id: randomString(random, LOWER, 15),
        post,
        author: memberIds[Math.floor(random() * totalMembers)]!,
        text: `Comment ${i}: ${LOREM.slice(0, 60 + (i % 80))}`,
        created,
        updated: created,
      };
    }),
  );

  await timed(timings, 'analyze', async () => {
    // PostgreSQL: a database in service has been vacuumed and analysed by autovacuum. Without this the
    // first scans after the bulk load pay for hint bits, the planner guesses, and autovacuum may start
    // in the middle of a measurement.
    // SQLite: gather the planner's statistics, then fold the bulk load's WAL back into the database
    // file before the server opens it.
    if (core.db.dialect === 'postgres') {
      await sql`VACUUM (ANALYZE)`.execute(core.db.kysely);
    } else {
      await sql`ANALYZE`.execute(core.db.kysely);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(core.db.kysely);
    }
  });

  const tokenMembers = serviceMembers.slice(0, TOKEN_POOL);
  const memberTokens: string[] = [];
  for (const member of tokenMembers) {
    const record = await core.db.kysely
      .selectFrom(MEMBERS)
      .selectAll()
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    memberTokens.push(await core.tokens.issue(members, record, 'auth'));
  }
  const superuserRecord = await core.db.kysely
    .selectFrom(superusers.name)
    .selectAll()
    .where('id', '=', String(superuser.id))
    .executeTakeFirstOrThrow();
  const superuserToken = await core.tokens.issue(superusers, superuserRecord, 'auth');

  const viewPostIds: string[] = [];
  for (let i = 0; i < postIds.length && viewPostIds.length < VIEW_POOL; i += 97) {
    if (published[i]) viewPostIds.push(postIds[i]!);
  }
  return {
    members: totalMembers,
    posts: options.posts,
    comments: options.comments,
    serviceMembers,
    memberTokens,
    superuserToken,
    target: serviceMembers[Math.min(42, serviceMembers.length - 1)]!,
    viewPostIds,
    hotPostId: postIds[0]!,
    timings,
  };
}
