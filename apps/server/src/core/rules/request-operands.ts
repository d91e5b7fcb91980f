/**
 * `@request.*` operands. Most are known before the query runs and become bound parameters; paths that
 * go past the caller's static fields (`@request.auth.team.name`) or into submitted relations
 * (`@request.body.post.author`) become lookups through the record resolver.
 */
import type { Operand } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { compareSides } from '../../tools/search/compare';
import type { SqlFlavor } from '../../tools/search/flavor';
import { FilterResolveError, type Resolved } from '../../tools/search/operand';
import { findField, type Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import type { RequestInfo } from './request-info';
import { valueTypeOf } from './value-type';

/**
 * What these operands need of the record-field resolver that calls them (record-resolver.ts): paths
 * that go on from given rows continue through it. Named here, so this module does not import the
 * resolver that imports it.
 */
export interface RowPathWalker {
  walkFromRows(
    collection: Collection,
    ids: RawBuilder<unknown>,
    multi: boolean,
    segments: string[],
    modifier: string | null,
  ): Resolved;
}

/** The part of the resolver's options these operands read. */
export interface RequestOperandOptions {
  registry: CollectionRegistry;
  collection: Collection;
  /** The SQL alias of the row being tested. */
  alias: string;
  request: RequestInfo;
  flavor: SqlFlavor;
}

type Scalar = string | number | boolean | null;
type Identifier = Extract<Operand, { kind: 'identifier' }>;

/** Fields of the caller known without a query, as PocketBase exposes them. */
const STATIC_AUTH_FIELDS = new Set([
  'id',
  'collectionId',
  'collectionName',
  'email',
  'emailVisibility',
  'verified',
]);

/** Field types whose stored value is not what the record holds in memory (hashes), never bound. */
const NEVER_BOUND = new Set(['password']);

function toScalar(value: unknown): Scalar {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Applies a modifier to a value known in advance. */
function staticWithModifier(value: unknown, modifier: string | null, present: boolean): Resolved {
  switch (modifier) {
    case null:
      return { kind: 'static', value: toScalar(value) };
    case 'isset':
      return { kind: 'static', value: present };
    case 'lower':
      return { kind: 'static', value: typeof value === 'string' ? value.toLowerCase() : toScalar(value) };
    case 'length':
      return {
        kind: 'static',
        value: Array.isArray(value)
          ? value.length
          : value === undefined || value === null || value === ''
            ? 0
            : 1,
      };
    case 'each': {
      const list = Array.isArray(value)
        ? value
        : value === undefined || value === null || value === ''
          ? []
          : [value];
      return { kind: 'statics', values: list.map(toScalar) };
    }
    default:
      throw new FilterResolveError(`unknown modifier ${modifier}`);
  }
}

function dig(value: unknown, path: string[]): { value: unknown; present: boolean } {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in current))
      return { value: undefined, present: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { value: current, present: true };
}

export function resolveRequestIdentifier(
  resolver: RowPathWalker,
  operand: Identifier,
  options: RequestOperandOptions,
): Resolved {
  const [, area, ...path] = operand.segments;
  const request = options.request;
  switch (area) {
    case 'context':
    case 'method':
      if (path.length) throw new FilterResolveError(`invalid identifier ${operand.raw}`);
      return staticWithModifier(
        area === 'context' ? request.context : request.method.toUpperCase(),
        operand.modifier,
        true,
      );
    case 'query':
    case 'headers': {
      const source = area === 'query' ? request.query : request.headers;
      const key = path.join('.');
      return staticWithModifier(source[key], operand.modifier, key in source);
    }
    case 'auth':
      return resolveAuth(resolver, operand, path, options);
    case 'body':
      return resolveBody(resolver, operand, path, options);
    default:
      throw new FilterResolveError(`unknown identifier ${operand.raw}`);
  }
}

function resolveAuth(
  resolver: RowPathWalker,
  operand: Identifier,
  path: string[],
  options: RequestOperandOptions,
): Resolved {
  const auth = options.request.auth;
  const [first] = path;
  if (!first) throw new FilterResolveError(`invalid identifier ${operand.raw}`);
  if (!auth) return staticWithModifier(null, operand.modifier === 'isset' ? 'isset' : null, false);
  if (path.length === 1 && STATIC_AUTH_FIELDS.has(first)) {
    const value =
      first === 'collectionId'
        ? auth.collection.id
        : first === 'collectionName'
          ? auth.collection.name
          : auth.record[first];
    return staticWithModifier(value, operand.modifier, true);
  }
  // The caller's own fields were read with the token, in this request: binding them saves a lookup
  // of the caller per row tested (the "or staff" of most rules), and lets the database fold the
  // branch away before it reads any row.
  const field = path.length === 1 ? findField(auth.collection, first) : undefined;
  if (field && !NEVER_BOUND.has(field.type) && first in auth.record) {
    return staticWithModifier(auth.record[first], operand.modifier, true);
  }
  return resolver.walkFromRows(
    auth.collection,
    sql`${String(auth.record.id)}`,
    false,
    path,
    operand.modifier,
  );
}

function resolveBody(
  resolver: RowPathWalker,
  operand: Identifier,
  path: string[],
  options: RequestOperandOptions,
): Resolved {
  const [first, ...rest] = path;
  if (!first) throw new FilterResolveError(`invalid identifier ${operand.raw}`);
  const collection: Collection = options.collection;
  const field = findField(collection, first);
  const body = options.request.body;
  const present = first in body;

  if (operand.modifier === 'changed') {
    if (!field || rest.length) throw new FilterResolveError(':changed needs a field of the collection');
    if (!present) return { kind: 'static', value: false };
    // `f:changed` means "submitted and different from the stored value" (PocketBase §3.7).
    const column = { expr: sql.ref(`${options.alias}.${field.name}`), type: valueTypeOf(field) };
    const differs = compareSides('!=', { value: toScalar(body[first]) }, column, options.flavor);
    return { kind: 'sql', expr: sql`(${differs})`, type: 'bool' };
  }

  // A path past a submitted relation reads the related records the submitted ids point at.
  if (rest.length && field?.type === 'relation') {
    const target = options.registry.find(field.collectionId);
    if (!target) throw new FilterResolveError(`missing related collection for ${first}`);
    const raw = body[first];
    const ids = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).map(
      String,
    );
    if (ids.length === 0) return staticWithModifier(null, operand.modifier, false);
    return resolver.walkFromRows(
      target,
      sql.join(ids.map((id) => sql`${id}`)),
      ids.length > 1,
      rest,
      operand.modifier,
    );
  }

  const { value, present: found } = dig(body, path);
  // A number field submitted as text compares as a number.
  const typed =
    field?.type === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
      ? Number(value)
      : value;
  return staticWithModifier(typed, operand.modifier, found);
}
