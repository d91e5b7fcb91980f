import { describe, expect, it } from 'vitest';
import { MAX_EXPAND_DEPTH, normalizeExpandPaths, parseExpand, type ExpandTree } from '../src';

/** Converts the Map tree into plain objects for readable expectations. */
type Plain = { [segment: string]: Plain };
const plain = (tree: ExpandTree): Plain =>
  Object.fromEntries([...tree].map(([segment, child]) => [segment, plain(child)]));

describe('parseExpand', () => {
  it.each([
    ['', {}],
    [' , ,', {}],
    ['author', { author: {} }],
    ['author,tags', { author: {}, tags: {} }],
    ['a.b.c', { a: { b: { c: {} } } }],
    ['a.b,a.c', { a: { b: {}, c: {} } }],
    ['a.b.c,a.b', { a: { b: { c: {} } } }],
    ['a,a.b', { a: { b: {} } }],
    [' a . b , c ', { a: { b: {} }, c: {} }],
    ['.a.,..b', { a: {}, b: {} }],
    ['a,,b', { a: {}, b: {} }],
    ['a,a,a', { a: {} }],
    ['comments_via_post.user', { comments_via_post: { user: {} } }],
    ['posts(author)', { 'posts(author)': {} }],
    ['__proto__.constructor', { ['__proto__']: { constructor: {} } }],
  ])('%j', (input, expected) => {
    expect(plain(parseExpand(input))).toEqual(expected);
  });

  it('silently truncates paths deeper than 6 levels, like PocketBase', () => {
    expect(MAX_EXPAND_DEPTH).toBe(6);
    expect(plain(parseExpand('a.b.c.d.e.f.g.h'))).toEqual({ a: { b: { c: { d: { e: { f: {} } } } } } });
    expect(normalizeExpandPaths('r1.r2.r3.r4.r5.r6.r7')).toEqual([['r1', 'r2', 'r3', 'r4', 'r5', 'r6']]);
  });

  it('drops paths with an empty inner segment, which PocketBase fails as a whole', () => {
    expect(plain(parseExpand('a..b,c'))).toEqual({ c: {} });
    // PocketBase drops `a` in favour of the longer `a..b` before that path fails.
    expect(plain(parseExpand('a,a..b'))).toEqual({});
  });

  it('keeps first-seen order', () => {
    expect([...parseExpand('z,a,m.x,m.y').keys()]).toEqual(['z', 'a', 'm']);
    expect(normalizeExpandPaths('z,a.b,a,y')).toEqual([['z'], ['a', 'b'], ['y']]);
  });

  it('does not treat look-alike names as prefixes', () => {
    expect(normalizeExpandPaths('a,ab.c,a-b')).toEqual([['a'], ['ab', 'c'], ['a-b']]);
  });

  it('never throws and stays fast on hostile input', () => {
    const hostile = Array.from({ length: 20_000 }, (_, i) => `r${i % 500}.x${i}`).join(',');
    const started = Date.now();
    expect(parseExpand(hostile).size).toBe(500);
    expect(parseExpand('.'.repeat(100_000)).size).toBe(0);
    expect(parseExpand('a.'.repeat(50_000)).size).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
