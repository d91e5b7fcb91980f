/**
 * The hostile member of the noisy-neighbour scenario (bench/community/noisy-neighbour.ts), in a
 * process of its own so that building its bodies never slows the load generator that measures the
 * other members. Once told to start, it does each abusive thing in turn, again and again, until told
 * to stop, and tallies the answers it got per kind of abuse:
 *
 * - `subscribe`: holds the most live streams an account may (10) and asks each for 1,000 costly
 *   filtered subscriptions, then for as many cheap ones as the server still grants;
 * - `comments`: a second member comments on a popular story, so every stream's filters are checked;
 * - `epub`: exports its own draft story, whose text is pathological markdown;
 * - `deep-json`: saves a draft whose data nests 100,000 arrays deep;
 * - `huge-body`: sends a 30 MB JSON body.
 *
 *   start {url, orders} -> started;   stop -> tally {kind: {status: count}}, then it exits
 */

export interface AbuserOrders {
  token: string;
  memberId: string;
  /** The address its requests come from, as the trusted proxy in front of the server tells it. */
  address: string;
  /** Its own unpublished story, whose content is pathological markdown. */
  draftStoryId: string;
  /** The second member, who comments, and the post they comment on. */
  commenterToken: string;
  commenterId: string;
  postId: string;
}

type Tally = Record<string, Record<string, number>>;

const STREAMS = 10;
const ATTACK_SUBSCRIPTIONS = 1000;
const CHEAP_SUBSCRIPTIONS = 20;

const tally: Tally = {};
/** The forwarded-address header every request carries (set on start). */
let from: Record<string, string> = {};
/** `ABUSE_ONLY=epub,huge-body`: only these kinds of abuse, to see what each one costs the others. */
const only = (process.env.ABUSE_ONLY ?? '').split(',').filter(Boolean);
const does = (kind: string) => only.length === 0 || only.includes(kind);
let running = false;

function count(kind: string, status: number | string): void {
  const kinds = (tally[kind] ??= {});
  kinds[String(status)] = (kinds[String(status)] ?? 0) + 1;
}

const attackFilter = (n: number) =>
  `(content ~ "%x${n}%" || target.title ~ "%y${n}%" || target.contributors.profile.bio ~ "%z${n}%" || author.posts_via_contributors.title ~ "%${n}%")`;
const topic = (filter: string) =>
  `comments/*?options=${encodeURIComponent(JSON.stringify({ query: { filter } }))}`;

/** Opens a stream and keeps reading it; resolves with its client id. */
async function openStream(url: string, abort: AbortSignal): Promise<string> {
  const response = await fetch(`${url}/api/realtime`, { signal: abort, headers: from });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before PB_CONNECT');
    buffer += value;
    const match = /id:([A-Za-z0-9]+)\nevent:PB_CONNECT\n/.exec(buffer);
    if (!match) continue;
    // Read (and drop) everything that follows, as a client that keeps up would.
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // aborted at the end
      }
    })();
    return match[1]!;
  }
}

async function post(
  url: string,
  path: string,
  token: string,
  body: string | Uint8Array,
): Promise<number | string> {
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...from, authorization: token, 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'socket';
  }
}

async function subscribeAll(url: string, orders: AbuserOrders, clientIds: string[]): Promise<void> {
  for (const [stream, clientId] of clientIds.entries()) {
    const attack = Array.from({ length: ATTACK_SUBSCRIPTIONS }, (_, n) => topic(attackFilter(n)));
    count(
      'subscribe',
      await post(url, '/api/realtime', orders.token, JSON.stringify({ clientId, subscriptions: attack })),
    );
    const cheap = Array.from({ length: CHEAP_SUBSCRIPTIONS }, (_, n) =>
      topic(`content ~ "%${stream}-${n}%"`),
    );
    // As many as the account's budget still grants, fewer each time it is refused.
    for (let take = cheap.length; take > 0; take = Math.floor(take / 2)) {
      const status = await post(
        url,
        '/api/realtime',
        orders.token,
        JSON.stringify({ clientId, subscriptions: cheap.slice(0, take) }),
      );
      count('subscribe', status);
      if (status === 204) break;
    }
  }
}

async function abuse(url: string, orders: AbuserOrders): Promise<void> {
  const abort = new AbortController();
  const clientIds: string[] = [];
  for (let i = 0; i < STREAMS; i++) clientIds.push(await openStream(url, abort.signal));
  const deep = `{"user":"${orders.memberId}","type":"story","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  // Encoded once: the attacker's cost of building it is not what is measured.
  const huge = Buffer.from(
    `{"user":"${orders.memberId}","type":"story","data":"${'a'.repeat(30 * 1024 * 1024)}"}`,
  );
  try {
    while (running) {
      if (does('subscribe')) await subscribeAll(url, orders, clientIds);
      for (let i = 0; i < 5 && running && does('comments'); i++) {
        const body = JSON.stringify({
          target: orders.postId,
          author: orders.commenterId,
          content: `ordinary ${i}`,
        });
        count('comments', await post(url, '/api/collections/comments/records', orders.commenterToken, body));
      }
      if (does('epub'))
        try {
          const response = await fetch(`${url}/api/epub/stories/${orders.draftStoryId}`, {
            headers: { ...from, authorization: orders.token },
          });
          await response.arrayBuffer();
          count('epub', response.status);
        } catch {
          count('epub', 'socket');
        }
      if (does('deep-json'))
        count('deep-json', await post(url, '/api/collections/drafts/records', orders.token, deep));
      if (does('huge-body'))
        count('huge-body', await post(url, '/api/collections/drafts/records', orders.token, huge));
    }
  } finally {
    abort.abort();
  }
}

let work: Promise<void> = Promise.resolve();

process.on('message', (message: { type: string; url?: string; orders?: AbuserOrders }) => {
  if (message.type === 'start') {
    running = true;
    from = { 'x-forwarded-for': message.orders!.address };
    work = abuse(message.url!, message.orders!).catch((error: unknown) => count('failed', String(error)));
    process.send?.({ type: 'started' });
  } else if (message.type === 'stop') {
    running = false;
    void work.then(() => {
      process.send?.({ type: 'tally', tally });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready' });
