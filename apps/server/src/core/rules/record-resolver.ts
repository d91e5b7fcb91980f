/**
 * Resolves the identifiers of a filter or rule against a collection: fields, relation paths (joined
 * as correlated subqueries), back-relations `<collection>_via_<field>`, `@request.*`, `@collection.*`
 * and the datetime macros. Client filters (the `filter`/`sort` a caller sends) are held to stricter
 * terms than API rules: no hidden fields, no hidden emails, and every collection a path enters must
 * let the caller list the rows it reaches.
 */
import type { ComparisonExpr, Expr, Operand } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { FilterResolver } from '../../tools/search/compiler';
import type { SqlFlavor } from '../../tools/search/flavor';
import {
  FilterResolveError,
  type Anchor,
  type Membership,
  type Resolved,
  type ValueType,
} from '../../tools/search/operand';
import {
  findField,
  isMultiValued,
  parseBackRelation,
  type Collection,
  type Field,
} from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { relationIndexOf } from '../collections/relation-indexes';
import { columnKey, rowsKey } from '../records/list-cache';
import { isUniqueField } from '../records/unique-errors';
import { lastHopFact, pathKey, type RelatedFacts } from './implied';
import { macroValue } from './macros';
import type { RequestInfo } from './request-info';
import { resolveRequestIdentifier } from './request-operands';
import { valueTypeOf } from './value-type';

/** PocketBase's limit on relation hops in one path. */
const MAX_HOPS = 6;

export interface ResolverOptions {
  registry: CollectionRegistry;
  collection: Collection;
  /** The SQL alias (or table name) of the row being tested. */
  alias: string;
  request: RequestInfo;
  flavor: SqlFlavor;
  /** True for client filters and sorts, false for API rules. */
  client: boolean;
  /**
   * For client filters: the condition a joined row must meet (its list rule), or throws when none may
   * be read. `given` is a comparison the row is known to meet wherever the value matters (see
   * `lastHopFact`), which the gate may leave out.
   */
  gate?: (
    collection: Collection,
    alias: string,
    given: ComparisonExpr[],
    settled: readonly Expr[],
  ) => RawBuilder<unknown> | null;
  /** For client filters: what the whole filter guarantees about related rows (see `relatedFacts`). */
  facts?: RelatedFacts;
  /**
   * For client filters: relation fields of the row whose gate is known to hold for every row the
   * filter lets through (the filter pins them to one record the caller may list: rules/pinned.ts).
   * A path's first hop through one of them is not gated.
   */
  openGates?: ReadonlySet<string> | undefined;
  /**
   * For a list's client filters: rule conditions known to hold on the related row at a path from the
   * row (by `pathKey`) on every row the list keeps, because the site's narrowing checks them
   * (records/read.ts `ListNarrowing.settles`). The gate on that path leaves them out.
   */
  settled?: ReadonlyMap<string, readonly Expr[]> | undefined;
  /**
   * Relations of the rows one statement reads that its WHERE pins to one record (see `PinnedRows`):
   * a path's first hop through one of them reads that record by its id.
   */
  pinned?: PinnedRows | undefined;
  /** For client filters: the condition under which the caller may read a field with a `readRule`. */
  readGuard?: (collection: Collection, field: Field, alias: string) => RawBuilder<unknown>;
  /** Shared between nested resolvers so every alias in one statement is unique. */
  counter?: { next: number };
  /**
   * Collects what the compiled SQL reads, as list-cache keys: every collection a path enters
   * (`rowsKey`) and every field it touches (`columnKey`). Shared with nested resolvers.
   */
  reads?: Set<string>;
}

/**
 * The relations a list's filter pins to one record each (rules/pinned.ts), for the rows of
 * `collection` read under `alias` by a statement whose WHERE holds those pins. On every row such a
 * statement keeps, `relation = id`, so a path through the relation reads the record with that id:
 * compiled that way, the related value no longer depends on the row, and both databases read it once
 * per statement instead of once per row (a story's 5,000 comments were counted with 5,000 look-ups of
 * the same post). Only the statement's own conditions and order may be compiled with it; a rule's
 * remembered SQL never is (compile.ts `ruleSql`).
 */
export interface PinnedRows {
  collection: string;
  alias: string;
  ids: ReadonlyMap<string, string>;
}

/** A path being walked: the rows joined so far, and whether it can yield several values per row. */
interface Walk {
  collection: Collection;
  alias: string;
  from: RawBuilder<unknown> | null;
  where: Array<RawBuilder<unknown>>;
  multi: boolean;
  hops: number;
  /** Set while the path is exactly one single relation away from the row (see `Membership`). */
  via?: Omit<Membership, 'expr' | 'unique'> | undefined;
  /** Set when the path starts at the row being tested through a relation of it (see `Anchor`). */
  anchor?: Anchor | undefined;
}

export class RecordFieldResolver implements FilterResolver {
  private readonly counter: { next: number };

  constructor(private readonly options: ResolverOptions) {
    this.counter = options.counter ?? { next: 0 };
  }

  nextAlias(prefix: string): string {
    return `${prefix}${++this.counter.next}`;
  }

  private readsRows(collection: Collection): void {
    this.options.reads?.add(rowsKey(collection.name));
  }

  private readsField(collection: Collection, field: string): void {
    this.options.reads?.add(columnKey(collection.name, field));
  }

  resolveIdentifier(
    operand: Extract<Operand, { kind: 'identifier' }>,
    comparison?: ComparisonExpr,
  ): Resolved {
    const [head] = operand.segments;
    if (head === undefined) throw new FilterResolveError('empty identifier');
    if (head === '@request') return resolveRequestIdentifier(this, operand, this.options);
    if (head === '@collection') return this.resolveCollectionPath(operand);
    if (head.startsWith('@')) {
      const value = operand.segments.length === 1 ? macroValue(head) : undefined;
      if (value === undefined) throw new FilterResolveError(`unknown identifier ${operand.raw}`);
      return { kind: 'static', value };
    }
    const start: Walk = {
      collection: this.options.collection,
      alias: this.options.alias,
      from: null,
      where: [],
      multi: false,
      hops: 0,
    };
    const { registry, collection, client } = this.options;
    const given = client && comparison ? lastHopFact(registry, collection, comparison, operand) : undefined;
    return this.walkPath(start, operand.segments, operand.modifier, given);
  }

  resolveFunction(operand: Extract<Operand, { kind: 'function' }>): Resolved {
    if (operand.name !== 'strftime') throw new FilterResolveError(`${operand.name}() is not supported`);
    const [format, value, ...modifiers] = operand.args;
    if (format?.kind !== 'text') throw new FilterResolveError('strftime() needs a text format');
    if (modifiers.length && this.options.flavor.name !== 'sqlite')
      throw new FilterResolveError('strftime() modifiers need SQLite');
    const target = value ? this.resolveFunctionArg(value) : ({ kind: 'static', value: 'now' } as Resolved);
    const wrap = (expr: RawBuilder<unknown>) => this.options.flavor.strftime(format.value, expr);
    if (target.kind === 'static') return { kind: 'sql', expr: wrap(sql`${target.value}`), type: 'text' };
    if (target.kind === 'statics') throw new FilterResolveError('strftime() takes one value');
    return { ...target, expr: sql`COALESCE(${wrap(target.expr)}, '')`, type: 'text' };
  }

  private resolveFunctionArg(operand: Operand): Resolved {
    if (operand.kind === 'identifier') return this.resolveIdentifier(operand);
    if (operand.kind === 'text' || operand.kind === 'number') return { kind: 'static', value: operand.value };
    throw new FilterResolveError('invalid function argument');
  }

  /** `@collection.<name>[:alias].<path>`: every row of another collection, unconditioned. */
  private resolveCollectionPath(operand: Extract<Operand, { kind: 'identifier' }>): Resolved {
    const [, target, ...rest] = operand.segments;
    // A bare `@collection.users:u` arrives with the alias as the modifier; with a path it stays in the segment.
    const [name] = (target ?? '').split(':');
    const collection = name ? this.options.registry.find(name) : undefined;
    if (!collection || rest.length === 0)
      throw new FilterResolveError(`invalid @collection reference ${operand.raw}`);
    const alias = this.nextAlias('c');
    this.readsRows(collection);
    const gate = this.gateFor(collection, alias);
    const walk: Walk = {
      collection,
      alias,
      from: sql`${sql.table(collection.name)} AS ${sql.id(alias)}`,
      where: gate ? [gate] : [],
      multi: true,
      hops: 1,
    };
    return this.walkPath(walk, rest, operand.modifier);
  }

  /** Walks `a.b.c[:modifier]` from a starting point; used for fields, `@request.auth.*` and `@collection.*`. */
  walkPath(start: Walk, segments: string[], modifier: string | null, lastHop?: ComparisonExpr): Resolved {
    // Facts about related rows hold for paths from the row itself, not from @request or @collection.
    const fromRow = start.from === null && start.hops === 0;
    const facts = fromRow ? this.options.facts : undefined;
    let walk = start;
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i]!;
      const isLast = i === segments.length - 1;
      const field = findField(walk.collection, name);
      if (!field) {
        const back = parseBackRelation(name);
        if (back && !isLast) {
          walk = this.hopBack(walk, back.collection, back.field);
          continue;
        }
        throw new FilterResolveError(`unknown field ${name}`);
      }
      this.checkVisible(walk.collection, field);
      this.readsField(walk.collection, field.name);
      if (isLast) return this.finish(walk, field, modifier);
      if (field.type === 'json') return this.finishJson(walk, field, segments.slice(i + 1), modifier);
      if (field.type !== 'relation') throw new FilterResolveError(`${name} is not a relation`);
      const path = pathKey(segments.slice(0, i + 1));
      const given = [...(facts?.get(path) ?? []), ...(lastHop && i === segments.length - 2 ? [lastHop] : [])];
      const settled = (fromRow && this.options.settled?.get(path)) || [];
      const open = fromRow && i === 0 && this.options.openGates?.has(field.name) === true;
      walk = this.hopRelation(walk, field, given, open, settled);
    }
    throw new FilterResolveError('incomplete path');
  }

  private checkVisible(collection: Collection, field: Field): void {
    if (this.options.client && field.hidden) throw new FilterResolveError(`${field.name} is not filterable`);
    if (
      this.options.client &&
      collection.type === 'auth' &&
      (field.name === 'password' || field.name === 'tokenKey')
    ) {
      throw new FilterResolveError(`${field.name} is not filterable`);
    }
  }

  private gateFor(
    collection: Collection,
    alias: string,
    given: ComparisonExpr[] = [],
    settled: readonly Expr[] = [],
  ): RawBuilder<unknown> | null {
    return this.options.client && this.options.gate
      ? this.options.gate(collection, alias, given, settled)
      : null;
  }

  /** The id a pinned relation of the row being tested holds on every row the statement keeps. */
  private pinnedId(walk: Walk, field: string): string | undefined {
    const pinned = this.options.pinned;
    if (!pinned || walk.collection.name !== pinned.collection || walk.alias !== pinned.alias)
      return undefined;
    return pinned.ids.get(field);
  }

  private join(
    walk: Walk,
    table: RawBuilder<unknown>,
    on: RawBuilder<unknown>,
    outer: boolean,
  ): Pick<Walk, 'from' | 'where'> {
    if (!walk.from) return { from: table, where: [on] };
    return {
      from: sql`${walk.from} ${sql.raw(outer ? 'LEFT JOIN' : 'JOIN')} ${table} ON ${on}`,
      where: walk.where,
    };
  }

  private hopRelation(
    walk: Walk,
    field: Extract<Field, { type: 'relation' }>,
    given: ComparisonExpr[] = [],
    open = false,
    settled: readonly Expr[] = [],
  ): Walk {
    if (walk.hops >= MAX_HOPS) throw new FilterResolveError('max nested relations reached');
    const target = this.options.registry.find(field.collectionId);
    if (!target) throw new FilterResolveError(`missing related collection for ${field.name}`);
    this.readsRows(target);
    const alias = this.nextAlias('r');
    const gate = open ? null : this.gateFor(target, alias, given, settled);
    const table = sql`${sql.table(target.name)} AS ${sql.id(alias)}`;
    const column = sql.ref(`${walk.alias}.${field.name}`);
    const targetId = sql.ref(`${alias}.id`);
    const first = walk.from === null && walk.hops === 0;
    // Only a stored table's columns are never NULL, which `Anchor` needs.
    const fromRow = first && walk.collection.type !== 'view';
    const step = { collection: target, alias, hops: walk.hops + 1 };
    if (!isMultiValued(field)) {
      if (first) {
        const pinnedId = this.pinnedId(walk, field.name);
        const correlation = sql`${targetId} = ${pinnedId === undefined ? column : pinnedId}`;
        const where = gate ? [correlation, gate] : [correlation];
        return {
          ...walk,
          ...step,
          from: table,
          where,
          via: { column, from: table, id: targetId, where: gate ? [gate] : [] },
          anchor: fromRow ? { outer: column, inner: targetId, correlation } : undefined,
        };
      }
      const on = gate ? sql`${targetId} = ${column} AND ${gate}` : sql`${targetId} = ${column}`;
      return { ...walk, ...this.join(walk, table, on, true), ...step, via: undefined };
    }
    const index = relationIndexOf(walk.collection, field);
    if (index) return this.hopThroughIndex(walk, index, table, targetId, gate, fromRow, step);
    const each = this.nextAlias('j');
    const list = this.options.flavor.jsonEach(column, each);
    const on = gate
      ? sql`${targetId} = ${sql.ref(`${each}.value`)} AND ${gate}`
      : sql`${targetId} = ${sql.ref(`${each}.value`)}`;
    const from = walk.from
      ? sql`${walk.from} JOIN ${list} ON TRUE JOIN ${table} ON ${on}`
      : sql`${list} JOIN ${table} ON ${on}`;
    return { ...step, from, where: walk.where, multi: true, via: undefined, anchor: undefined };
  }

  /**
   * A relation holding several records, walked through its relation index (one row per record and
   * related id) instead of unpacking the JSON list on every row: the index can be read from either
   * end, so "posts listing member X" starts at X.
   */
  private hopThroughIndex(
    walk: Walk,
    index: string,
    table: RawBuilder<unknown>,
    targetId: RawBuilder<unknown>,
    gate: RawBuilder<unknown> | null,
    fromRow: boolean,
    step: Pick<Walk, 'collection' | 'alias' | 'hops'>,
  ): Walk {
    const { link, links, record, owner, correlation } = this.indexRows(walk, index);
    const toTarget = sql`${targetId} = ${sql.ref(`${link}.target`)}`;
    const on = gate ? sql`${toTarget} AND ${gate}` : toTarget;
    const shared = { ...step, multi: true, via: undefined };
    if (!walk.from) {
      const anchor = fromRow ? { outer: owner, inner: record, correlation } : undefined;
      return { ...shared, from: sql`${links} JOIN ${table} ON ${on}`, where: [correlation], anchor };
    }
    const from = sql`${walk.from} JOIN ${links} ON ${correlation} JOIN ${table} ON ${on}`;
    return { ...shared, from, where: walk.where, anchor: walk.anchor };
  }

  /** The walked row's rows in a relation index, under a new alias, and the equality tying them to it. */
  private indexRows(walk: Walk, index: string) {
    const link = this.nextAlias('l');
    const record = sql.ref(`${link}.record`);
    const owner = sql.ref(`${walk.alias}.id`);
    return {
      link,
      links: sql`${sql.table(index)} AS ${sql.id(link)}`,
      record,
      owner,
      correlation: sql`${record} = ${owner}`,
    };
  }

  /**
   * `rel:each`: the ids a relation of several records holds, as the rows of its relation index
   * (`target`, one row per distinct id). The same values as unpacking the JSON list, tied to the row
   * by one equality, so `rel:each ?= X` is asked from X's side like `rel.id ?= X` (see `Anchor`),
   * without entering the related collection: its list rule does not apply to the row's own values.
   */
  private valuesThroughIndex(walk: Walk, index: string): Resolved {
    const { link, links, record, owner, correlation } = this.indexRows(walk, index);
    // Only stored collections have relation indexes: the row's id is never NULL, as `Anchor` needs.
    const source = walk.from
      ? { from: sql`${walk.from} JOIN ${links} ON ${correlation}`, where: walk.where, anchor: walk.anchor }
      : { from: links, where: [correlation], anchor: { outer: owner, inner: record, correlation } };
    return {
      kind: 'multi',
      expr: sql.ref(`${link}.target`),
      type: 'text',
      source: { ...source, unique: true },
    };
  }

  private hopBack(walk: Walk, collectionName: string, fieldName: string): Walk {
    if (walk.hops >= MAX_HOPS) throw new FilterResolveError('max nested relations reached');
    const source = this.options.registry.find(collectionName);
    const field = findField(source, fieldName);
    if (!source || field?.type !== 'relation' || field.collectionId !== walk.collection.id) {
      throw new FilterResolveError(`invalid back-relation ${collectionName}_via_${fieldName}`);
    }
    this.checkVisible(source, field);
    this.readsRows(source);
    this.readsField(source, field.name);
    const alias = this.nextAlias('b');
    const column = sql.ref(`${alias}.${field.name}`);
    const current = sql.ref(`${walk.alias}.id`);
    const each = this.nextAlias('j');
    let on = isMultiValued(field)
      ? sql`EXISTS (SELECT 1 FROM ${this.options.flavor.jsonEach(column, each)} WHERE ${sql.ref(`${each}.value`)} = ${current})`
      : sql`${column} = ${current}`;
    const gate = this.gateFor(source, alias);
    if (gate) on = sql`${on} AND ${gate}`;
    const joined = this.join(walk, sql`${sql.table(source.name)} AS ${sql.id(alias)}`, on, false);
    const anchor = walk.from ? walk.anchor : undefined;
    return { collection: source, alias, ...joined, multi: true, hops: walk.hops + 1, via: undefined, anchor };
  }

  private finish(walk: Walk, field: Field, modifier: string | null): Resolved {
    const flavor = this.options.flavor;
    let expr: RawBuilder<unknown> = sql.ref(`${walk.alias}.${field.name}`);
    let type = valueTypeOf(field);
    // The stored column as it is (views may hold NULLs; the CASE guards below make NULLs).
    let plain = walk.collection.type !== 'view';
    if (this.options.client && walk.collection.type === 'auth' && field.name === 'email') {
      // Client filters must not reveal emails their owners keep private.
      this.readsField(walk.collection, 'emailVisibility');
      expr = sql`(CASE WHEN ${sql.ref(`${walk.alias}.emailVisibility`)} THEN ${expr} ELSE NULL END)`;
      plain = false;
    }
    if (this.options.client && field.readRule !== null && this.options.readGuard) {
      // A private field filters as empty for callers who may not read it, so it cannot be probed.
      expr = sql`(CASE WHEN ${this.options.readGuard(walk.collection, field, walk.alias)} THEN ${expr} ELSE NULL END)`;
      plain = false;
    }
    switch (modifier) {
      case null:
      case 'isset':
      case 'changed':
        break;
      case 'lower':
        expr = sql`LOWER(${type === 'text' ? expr : flavor.asText(expr)})`;
        type = 'text';
        break;
      case 'length':
        if (field.type !== 'select' && field.type !== 'relation' && field.type !== 'file') {
          throw new FilterResolveError(':length needs a select, relation or file field');
        }
        expr = isMultiValued(field)
          ? flavor.jsonArrayLength(expr)
          : sql`(CASE WHEN ${expr} = '' THEN 0 ELSE 1 END)`;
        type = 'number';
        break;
      case 'each': {
        if (field.type !== 'select' && field.type !== 'relation' && field.type !== 'file') {
          throw new FilterResolveError(':each needs a select, relation or file field');
        }
        if (!isMultiValued(field)) break;
        // A stored relation's values are its relation index's rows for the record; read there,
        // "lists X" can start at X. A guarded value (private, or a view's) keeps the JSON list.
        const index = plain ? relationIndexOf(walk.collection, field) : undefined;
        if (index) return this.valuesThroughIndex(walk, index);
        const each = this.nextAlias('j');
        const list = flavor.jsonEach(expr, each);
        const from = walk.from ? sql`${walk.from} JOIN ${list} ON TRUE` : list;
        return {
          kind: 'multi',
          expr: sql.ref(`${each}.value`),
          type: 'text',
          source: { from, where: walk.where },
        };
      }
      default:
        throw new FilterResolveError(`unknown modifier ${modifier}`);
    }
    const untouched = modifier === null;
    // A whole json field compares like a path in it (PocketBase wraps it in JSONExtract(col, "")).
    const json =
      untouched && field.type === 'json' ? flavor.jsonValue(this.asJson(walk, expr), []) : undefined;
    return this.complete(
      walk,
      expr,
      type,
      untouched && isUniqueField(walk.collection, field.name),
      untouched && plain,
      json,
    );
  }

  /**
   * A path inside a json field. Its value is also kept as the dialect types it, so `=`/`!=` with a
   * literal compare as PocketBase does (its JSONExtract with NullFallbackDisabled: `IS`/`IS NOT`, no
   * COALESCE, JSON true/false equal to 1/0; see `SqlFlavor.jsonIs`).
   */
  private finishJson(walk: Walk, field: Field, path: string[], modifier: string | null): Resolved {
    if (modifier && modifier !== 'lower') throw new FilterResolveError(`unknown modifier ${modifier}`);
    const keys = path.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const column = this.asJson(walk, sql.ref(`${walk.alias}.${field.name}`));
    let expr = this.options.flavor.jsonExtract(column, keys);
    if (modifier === 'lower') {
      expr = sql`LOWER(${this.options.flavor.asText(expr)})`;
      return this.complete(walk, expr, 'unknown');
    }
    return this.complete(walk, expr, 'unknown', false, false, this.options.flavor.jsonValue(column, keys));
  }

  /** A json field's column; a view's holds whatever its query selects, not always JSON. */
  private asJson(walk: Walk, column: RawBuilder<unknown>): RawBuilder<unknown> {
    return walk.collection.type === 'view' ? this.options.flavor.anyAsJson(column) : column;
  }

  /** Wraps the value in the walked rows: itself, a scalar subquery (single hops), or a multi source. */
  private complete(
    walk: Walk,
    expr: RawBuilder<unknown>,
    type: ValueType,
    unique = false,
    notNull = false,
    json?: RawBuilder<unknown>,
  ): Resolved {
    const typed = json ? { json } : {};
    if (!walk.from)
      return notNull ? { kind: 'sql', expr, type, notNull, ...typed } : { kind: 'sql', expr, type, ...typed };
    if (walk.multi) {
      const source = { from: walk.from, where: walk.where, anchor: walk.anchor, unique };
      return { kind: 'multi', expr, type, source, ...typed };
    }
    const where = walk.where.length ? sql` WHERE ${sql.join(walk.where, sql` AND `)}` : sql``;
    const scalar = (value: RawBuilder<unknown>) => sql`(SELECT ${value} FROM ${walk.from}${where} LIMIT 1)`;
    const jsonScalar = json ? { json: scalar(json) } : {};
    return walk.via && walk.hops === 1
      ? {
          kind: 'sql',
          expr: scalar(expr),
          type,
          membership: { ...walk.via, expr, unique },
          ...jsonScalar,
        }
      : { kind: 'sql', expr: scalar(expr), type, ...jsonScalar };
  }

  /** Starts a walk at given rows of a collection (`@request.auth.*`, `@request.body.rel.*`). */
  walkFromRows(
    collection: Collection,
    ids: RawBuilder<unknown>,
    multi: boolean,
    segments: string[],
    modifier: string | null,
  ): Resolved {
    const alias = this.nextAlias('q');
    this.readsRows(collection);
    const start: Walk = {
      collection,
      alias,
      from: sql`${sql.table(collection.name)} AS ${sql.id(alias)}`,
      where: [sql`${sql.ref(`${alias}.id`)} IN (${ids})`],
      multi,
      hops: 1,
    };
    return this.walkPath(start, segments, modifier);
  }
}
