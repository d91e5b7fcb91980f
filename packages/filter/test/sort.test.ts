import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_SORT_FIELDS, parseSort, type SortField } from '../src';
import { syntaxError } from './helpers';

/** Compact form: `-name` for DESC, `+name` for ASC, `@random` for random. */
const brief = (fields: SortField[]) =>
  fields.map(
    ({ field, direction }) =>
      (direction === 'DESC' ? '-' : '+') + (field.kind === 'random' ? '@random' : field.raw),
  );

describe('parseSort', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['created', ['+created']],
    ['-created', ['-created']],
    ['+created', ['+created']],
    ['-created,title', ['-created', '+title']],
    [' -created , +title ,id ', ['-created', '+title', '+id']],
    ['@random', ['+@random']],
    ['-@random', ['-@random']],
    ['-@rowid', ['-@rowid']],
    ['author.name', ['+author.name']],
    ['-title:lower', ['-title:lower']],
    ['@request.auth.id', ['+@request.auth.id']],
    ['comments_via_post.created', ['+comments_via_post.created']],
    ['a,b,c,d,e,f,g,h', ['+a', '+b', '+c', '+d', '+e', '+f', '+g', '+h']],
  ])('%j', (input, expected) => {
    expect(brief(parseSort(input))).toEqual(expected);
  });

  it('returns identifier operands', () => {
    expect(parseSort('-author.name:lower')).toEqual([
      {
        field: {
          kind: 'identifier',
          raw: 'author.name:lower',
          segments: ['author', 'name'],
          modifier: 'lower',
        },
        direction: 'DESC',
      },
    ]);
    expect(parseSort('@random')).toEqual([{ field: { kind: 'random' }, direction: 'ASC' }]);
  });

  it.each([
    ['a,,b', 'empty sort field', 2],
    [',a', 'empty sort field', 0],
    ['a,', 'empty sort field', 2],
    ['a, ,b', 'empty sort field', 2],
    ['-', 'invalid sort field "-": missing field name', 0],
    ['+', 'invalid sort field "+": missing field name', 0],
    ['a, --a', 'invalid sort field "--a": must start with a letter, "@", "_" or "#"', 3],
    ['+-a', 'invalid sort field "+-a"', 0],
    ['- a', 'invalid sort field "- a"', 0],
    ['a b', 'invalid sort field "a b": contains the invalid character " "', 0],
    ['a.', 'invalid sort field "a.": must not end with "."', 0],
    ['1a', 'invalid sort field "1a"', 0],
    ['geoDistance(a)', 'invalid sort field "geoDistance(a)"', 0],
    ['a..b', 'contains an empty path segment', 0],
    ['@', 'a lone "@" is not an identifier', 0],
    ['"title"', 'invalid sort field', 0],
  ])('rejects %j', (input, message, position) => {
    const error = syntaxError(() => parseSort(input));
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it('caps the number of fields', () => {
    expect(DEFAULT_MAX_SORT_FIELDS).toBe(8);
    expect(syntaxError(() => parseSort('a,b,c,d,e,f,g,h,i')).message).toBe('too many sort fields (max 8)');
    expect(() => parseSort('a,b,c', 2)).toThrow('max 2');
    expect(parseSort('a,b', 2)).toHaveLength(2);
  });
});
