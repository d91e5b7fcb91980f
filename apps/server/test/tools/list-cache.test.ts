import { describe, expect, it } from 'vitest';
import { ListCache, columnKey, rowsKey, textMemory } from '../../src/core/records/list-cache';

const posts = rowsKey('posts');
const title = columnKey('posts', 'title');

describe('ListCache', () => {
  it('answers a stored total until a key it read changes', () => {
    const cache = new ListCache();
    expect(cache.get('q')).toBeUndefined();
    cache.store('q', 7, cache.snapshot([posts, title]));
    expect(cache.get('q')).toBe(7);
    cache.changed([columnKey('posts', 'like_count')]);
    expect(cache.get('q')).toBe(7);
    cache.changed([title]);
    expect(cache.get('q')).toBeUndefined();
    cache.store('q', 8, cache.snapshot([posts, title]));
    cache.changed([posts]);
    expect(cache.get('q')).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 2, misses: 3, pageHits: 0, pageMisses: 0 });
  });

  it('keeps what reads a key that stands for others on those others, and nothing while they are unknown', () => {
    const found = new Map<string, readonly string[] | null>([['counts', null]]);
    const cache = new ListCache({ sources: (key) => found.get(key) });
    // The view's sources are still being found: what read it is not kept.
    cache.store('q', 5, cache.snapshot(['counts']));
    expect(cache.get('q')).toBeUndefined();
    found.set('counts', [posts]);
    // Taken while unknown, stored once known: still not kept, as the versions taken were not theirs.
    const early = new ListCache({ sources: (key) => (key === 'counts' ? null : undefined) });
    const taken = early.snapshot(['counts']);
    early.store('q', 5, taken);
    expect(early.get('q')).toBeUndefined();
    // Known: kept on the sources, and a write to one of them is a change.
    cache.store('q', 6, cache.snapshot(['counts', title]));
    expect(cache.get('q')).toBe(6);
    cache.changed([posts]);
    expect(cache.get('q')).toBeUndefined();
  });

  it('never keeps a total computed while a write it read committed', () => {
    const cache = new ListCache();
    const taken = cache.snapshot([posts]);
    cache.changed([posts]); // committed while the count was running
    cache.store('q', 3, taken);
    expect(cache.get('q')).toBeUndefined();
  });

  it('drops totals older than maxAgeMs and the least recently used past maxEntries', () => {
    const cache = new ListCache({ maxAgeMs: 1000, maxEntries: 2 });
    const now = Date.now();
    cache.store('a', 1, cache.snapshot([posts]));
    expect(cache.get('a', now + 500)).toBe(1);
    expect(cache.get('a', now + 5000)).toBeUndefined();
    cache.store('a', 1, cache.snapshot([posts]));
    cache.store('b', 2, cache.snapshot([posts]));
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.store('c', 3, cache.snapshot([posts]));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('forgets everything on clear, including counts that were running', () => {
    const cache = new ListCache();
    cache.store('a', 1, cache.snapshot([posts]));
    const running = cache.snapshot([posts]);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    cache.store('b', 2, running);
    expect(cache.get('b')).toBeUndefined();
  });

  it('runs one count for callers arriving together, and a new one once a key it reads changed', async () => {
    const cache = new ListCache();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowCount = async () => {
      runs++;
      await gate;
      return 40 + runs;
    };
    const first = cache.once('q', [posts], slowCount);
    const second = cache.once('q', [posts], slowCount);
    expect(runs).toBe(1);
    // A write committed while the first count runs: a later caller must not take its answer.
    cache.changed([posts]);
    const third = cache.once('q', [posts], slowCount);
    expect(runs).toBe(2);
    release();
    expect(await Promise.all([first, second, third])).toEqual([42, 42, 42]);
    // The first count saw the data before the write, so it was not kept; the third was.
    expect(cache.get('q')).toBe(42);
  });

  it("remembers a page's ids beside totals, counted apart, and drops them with a key they read", async () => {
    const cache = new ListCache();
    expect(cache.getPage('page')).toBeUndefined();
    expect(
      await cache.once('page', [columnKey('posts', 'views')], () => Promise.resolve(['b', 'a'])),
    ).toEqual(['b', 'a']);
    expect(cache.getPage('page')).toEqual(['b', 'a']);
    cache.changed([columnKey('posts', 'title')]);
    expect(cache.getPage('page')).toEqual(['b', 'a']);
    cache.changed([columnKey('posts', 'views')]);
    expect(cache.getPage('page')).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 0, misses: 0, pageHits: 2, pageMisses: 2 });
  });

  it('keeps rendered answers within their memory budget and never serves one to a caller it mentions', () => {
    // 50 characters of Latin-1 take 50 bytes: a budget of 400 bytes holds eight such answers.
    const cache = new ListCache({ maxRenderedBytes: 400 });
    const answer = (n: number) => ({ json: String(n).repeat(50), mentions: new Set(['alice']) });
    for (let n = 1; n <= 9; n++) cache.store(`r${n}`, answer(n), cache.snapshot([posts]));
    expect(cache.getRendered('r1', 'bob')).toBeUndefined(); // the least recently used went first
    expect(cache.getRendered('r9', 'bob')?.json).toBe('9'.repeat(50));
    expect(cache.getRendered('r9', 'alice')).toBeUndefined();
    expect(cache.getRendered('r9', undefined)?.json).toBe('9'.repeat(50));
    // An answer over an eighth of the budget is not kept; totals cost no budget.
    cache.store('big', { json: 'x'.repeat(51), mentions: new Set() }, cache.snapshot([posts]));
    expect(cache.getRendered('big', 'bob')).toBeUndefined();
    cache.store('total', 9, cache.snapshot([posts]));
    expect(cache.get('total')).toBe(9);
    expect(cache.getRendered('r2', 'bob')?.json).toBe('2'.repeat(50));
    cache.changed([posts]);
    expect(cache.getRendered('r2', 'bob')).toBeUndefined();
    expect(cache.stats).toMatchObject({ renderedHits: 3, renderedMisses: 4 });
  });

  it('counts a text as V8 keeps it: a byte per Latin-1 character, two for every character once one is wider', () => {
    expect(textMemory('{"name":"Zoë"}')).toBe(14);
    expect(textMemory('{"name":"Zoë — tiny"}')).toBe(2 * 21);
    expect(textMemory('🐭')).toBe(4);
    // 30 wide characters take 60 bytes: a budget of 480 holds eight of them, where it would hold
    // sixteen Latin-1 answers of the same length.
    const cache = new ListCache({ maxRenderedBytes: 480 });
    const store = (key: string, json: string) =>
      cache.store(key, { json, mentions: new Set() }, cache.snapshot([posts]));
    for (let n = 1; n <= 9; n++) store(`wide${n}`, '—'.repeat(30));
    expect(cache.getRendered('wide1', undefined)).toBeUndefined();
    expect(cache.getRendered('wide2', undefined)?.json).toBe('—'.repeat(30));
    for (let n = 1; n <= 16; n++) store(`narrow${n}`, 'é'.repeat(30));
    expect(cache.getRendered('narrow1', undefined)?.json).toBe('é'.repeat(30));
    expect(cache.getRendered('wide9', undefined)).toBeUndefined();
  });

  it('keeps no rendered answer with a budget of 0, and still keeps totals', () => {
    const cache = new ListCache({ maxRenderedBytes: 0 });
    cache.store('page', { json: '[]', mentions: new Set() }, cache.snapshot([posts]));
    cache.store('total', 3, cache.snapshot([posts]));
    expect(cache.getRendered('page', undefined)).toBeUndefined();
    expect(cache.get('total')).toBe(3);
  });

  it('keeps an answer rendered for a caller it mentions for that caller alone', () => {
    const cache = new ListCache();
    const shared = { json: '"for everyone"', mentions: new Set(['alice']) };
    const alices = { json: '"with her email"', mentions: new Set(['alice']) };
    cache.storeRendered('page', alices, 'alice', cache.snapshot([posts]));
    expect(cache.getRendered('page', 'bob')).toBeUndefined();
    expect(cache.getRendered('page', undefined)).toBeUndefined();
    expect(cache.getRendered('page', 'alice')?.json).toBe(alices.json);
    cache.storeRendered('page', shared, 'bob', cache.snapshot([posts]));
    expect(cache.getRendered('page', 'bob')?.json).toBe(shared.json);
    // The shared answer mentions her: she still gets her own.
    expect(cache.getRendered('page', 'alice')?.json).toBe(alices.json);
    cache.changed([posts]);
    expect(cache.getRendered('page', 'alice')).toBeUndefined();
  });
});
