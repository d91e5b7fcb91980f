import type { AnyKysely } from '../../src/db/types';
import { describe, expect, it } from 'vitest';
import { ListCache, columnKey, rowsKey } from '../../src/core/records/list-cache';
import { cacheFor, rememberedRow, type ExistsReads } from '../../src/core/records/remembered-exists';

const reader = {} as AnyKysely;
const transaction = {} as AnyKysely;
const posts = rowsKey('posts');
const title = columnKey('posts', 'title');

describe('look-ups remembered inside a write', () => {
  const lists = new ListCache({ sources: (key) => (key === 'post_stats' ? [posts] : undefined) });
  const io = (written?: Set<string>): ExistsReads => ({ db: transaction, reader, lists, written });

  it('remember through the reader, and inside a write only what the write has not changed', () => {
    expect(cacheFor({ db: reader, reader, lists }, [posts])).toBe(lists);
    // SQLite: a write gives nothing to check against, so nothing is remembered.
    expect(cacheFor(io(), [posts])).toBeUndefined();
    expect(cacheFor(io(new Set()), [posts, title])).toBe(lists);
    expect(cacheFor(io(new Set([columnKey('posts', 'comment_count')])), [posts, title])).toBe(lists);
    expect(cacheFor(io(new Set([title])), [posts, title])).toBeUndefined();
    // A view's key stands for the tables it reads: a write to them is a write to it.
    expect(cacheFor(io(new Set([posts])), ['post_stats'])).toBeUndefined();
  });

  it('keep a row, or its absence, until a key it read changes', async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads === 1 ? null : { title: `Title ${reads}` });
    expect(await rememberedRow(io(new Set()), 'post 1', [posts, title], read)).toBeNull();
    expect(await rememberedRow(io(new Set()), 'post 1', [posts, title], read)).toBeNull();
    expect(reads).toBe(1);
    lists.changed([posts]);
    const row = await rememberedRow(io(new Set()), 'post 1', [posts, title], read);
    expect(row).toEqual({ title: 'Title 2' });
    expect(Object.isFrozen(row)).toBe(true);
    expect(await rememberedRow(io(new Set([title])), 'post 1', [posts, title], read)).toEqual({
      title: 'Title 3',
    });
    expect(await rememberedRow(io(new Set()), 'post 1', [posts, title], read)).toEqual({ title: 'Title 2' });
    expect(lists.stats).toMatchObject({ rowHits: 2, rowMisses: 2 });
  });
});
