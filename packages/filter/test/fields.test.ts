import { describe, expect, it } from 'vitest';
import { parseFields } from '../src';
import { syntaxError } from './helpers';

/** Compact form: the key, plus `:excerpt(max,withEllipsis)` when a modifier is present. */
const brief = (input: string) =>
  parseFields(input).fields.map(({ key, modifier }) =>
    modifier === null ? key : `${key}:${modifier.name}(${modifier.maxLength},${modifier.withEllipsis})`,
  );

describe('parseFields', () => {
  it.each([
    ['', []],
    [' , ,', []],
    ['*', ['*']],
    ['id,title', ['id', 'title']],
    [' id , title ', ['id', 'title']],
    ['*,expand.author.name', ['*', 'expand.author.name']],
    ['expand.*', ['expand.*']],
    ['record.id,token', ['record.id', 'token']],
    ['body:excerpt(200,true)', ['body:excerpt(200,true)']],
    ['body:excerpt(200)', ['body:excerpt(200,false)']],
    ['body: excerpt ( 10 , false ) ', ['body:excerpt(10,false)']],
    [
      'a:excerpt(5,1),b:excerpt(5,T),c:excerpt(5,False)',
      ['a:excerpt(5,true)', 'b:excerpt(5,true)', 'c:excerpt(5,false)'],
    ],
    ['*:excerpt(10)', ['*:excerpt(10,false)']],
    ['id,body:excerpt(3,true),title', ['id', 'body:excerpt(3,true)', 'title']],
    ['a,,b', ['a', 'b']],
    ['a,b,a', ['a', 'b']],
    ['body:excerpt(5),id,body:excerpt(9,true)', ['body:excerpt(9,true)', 'id']],
  ])('%j', (input, expected) => {
    expect(brief(input)).toEqual(expected);
  });

  it('splits keys into paths', () => {
    expect(parseFields('expand.author.name:excerpt(20, true)')).toEqual({
      fields: [
        {
          key: 'expand.author.name',
          path: ['expand', 'author', 'name'],
          modifier: { name: 'excerpt', maxLength: 20, withEllipsis: true },
        },
      ],
    });
  });

  it.each([
    ['body:excerpt', 'excerpt: the max length argument is required', 5],
    ['body:excerpt()', 'excerpt: the max length argument is required', 5],
    ['body:excerpt(1,true,3)', 'excerpt: too many arguments', 5],
    ['body:excerpt(0)', 'max length must be a positive integer, got "0"', 5],
    ['body:excerpt(-1)', 'max length must be a positive integer, got "-1"', 5],
    ['body:excerpt(1.5)', 'max length must be a positive integer', 5],
    ['body:excerpt(abc)', 'max length must be a positive integer', 5],
    ['body:excerpt("10")', 'max length must be a positive integer', 5],
    ['body:excerpt(99999999999999999999)', 'max length must be a positive integer', 5],
    ['body:excerpt(10,maybe)', 'withEllipsis must be true or false, got "maybe"', 5],
    ['body:excerpt(10,)', 'withEllipsis must be true or false, got ""', 5],
    ['id, body:upper(1)', 'unknown field modifier "upper" (available: excerpt)', 9],
    ['body:', 'invalid field modifier ""', 5],
    ['body:excerpt(1)x', 'invalid field modifier', 5],
    [':excerpt(5)', 'missing field name', 0],
    ['a..b', 'invalid field path "a..b": empty segment', 0],
    ['.a', 'empty segment', 0],
    ['body:excerpt(5', 'unbalanced parentheses: missing ")"', 12],
    ['a),b', 'unbalanced parentheses: unexpected ")"', 1],
    ['a:excerpt("5,b', 'unterminated quoted text', 0],
  ])('rejects %j', (input, message, position) => {
    const error = syntaxError(() => parseFields(input));
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });
});
