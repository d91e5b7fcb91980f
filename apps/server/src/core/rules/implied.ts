/**
 * Leaves out of a list rule the conditions the caller's filter already guarantees.
 *
 * The story rule is "a member, and (published, or mine, or I am staff)", and the story list's filter
 * is "published". Every row the filter lets through then meets the rule, but the rule as written
 * still names the caller (mine), which makes the statement, and so its remembered total, different
 * for every member, and has the database test the other branches on every row. Dropping the
 * guaranteed branch makes the total one number for all members and the statement simpler, with
 * exactly the same rows.
 *
 * A filter condition guarantees a rule condition when both are the same comparison of a field path
 * with a literal, and that comparison is false for a missing value. The second part matters because
 * a filter is read more strictly than a rule: a related row the caller may not list, or a private
 * field, reads as missing (NULL) in a filter. So when the filter's comparison holds, the value was
 * really there, and the rule's reading of it is the same value.
 */
import type { ComparisonExpr, Expr, Operand } from '@community/filter';
import { staticCompare, type Scalar } from '../../tools/search/compare';
import { findField, isMultiValued, type Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import type { RequestInfo } from './request-info';

/** A literal's value, as the compiler binds it (tools/search/compiler.ts `resolveOperand`). */
const literalValue = (operand: Operand): Scalar | undefined => {
  switch (operand.kind) {
    case 'text':
    case 'number':
    case 'bool':
      return operand.value;
    case 'null':
      return null;
    default:
      return undefined;
  }
};

/**
 * Whether two operands name the same value. `@request.auth.id` in a rule is the caller's id, so it
 * matches a filter's literal of that id ("my stories": `post.contributors.id ?= "<my id>"`).
 */
function sameOperand(a: Operand, b: Operand, callerId: string | undefined): boolean {
  if (a.kind === 'identifier' && b.kind === 'identifier')
    return a.modifier === b.modifier && a.segments.join('.') === b.segments.join('.');
  const caller = (operand: Operand) =>
    operand.kind === 'identifier' && operand.raw === '@request.auth.id' && callerId ? callerId : undefined;
  const [x, y] = [literalValue(a) ?? caller(a), literalValue(b) ?? caller(b)];
  return x !== undefined && x === y;
}

/**
 * How `segments` read from `collection`: undefined when they do not name a field through relations;
 * otherwise whether every relation on the way holds one record. The last field must hold one value.
 */
function pathShape(
  registry: CollectionRegistry,
  collection: Collection,
  segments: string[],
): { single: boolean } | undefined {
  let current: Collection | undefined = collection;
  let single = true;
  for (let i = 0; i < segments.length; i++) {
    const field = findField(current, segments[i]);
    if (!field) return undefined;
    if (i === segments.length - 1) return isMultiValued(field) ? undefined : { single };
    if (field.type !== 'relation') return undefined;
    single &&= !isMultiValued(field);
    current = registry.find(field.collectionId);
  }
  return undefined;
}

/**
 * `field-path <op> literal` (either way round) that is false when the field's value is missing, and,
 * when the path goes through a relation holding several records, an any-of comparison (`?=`): the
 * filter then holds only if some related record the caller may list meets it, and the same record
 * meets it in the rule.
 */
function isGuaranteeable(
  registry: CollectionRegistry,
  collection: Collection,
  expr: ComparisonExpr,
): boolean {
  const [path, literal, pathFirst] =
    expr.left.kind === 'identifier' ? [expr.left, expr.right, true] : [expr.right, expr.left, false];
  if (path.kind !== 'identifier' || path.modifier !== null || path.segments[0]?.startsWith('@')) return false;
  const value = literalValue(literal);
  const shape = pathShape(registry, collection, path.segments);
  if (value === undefined || !shape || (!shape.single && !expr.op.startsWith('?'))) return false;
  const holdsWhenMissing = pathFirst
    ? staticCompare(expr.op, null, value)
    : staticCompare(expr.op, value, null);
  return !holdsWhenMissing;
}

/**
 * For `rel.field <op> literal` (a comparison `isGuaranteeable` accepts): the same comparison on the
 * last related collection, `field <op> literal`. A client filter reads `rel.field` only from a
 * related row the caller may list (its list rule, the "gate"), so the comparison holds for a row
 * exactly when the row passes the gate and `field <op> literal` holds on it; that row's gate can
 * then be simplified given it (`ruleGivenFilter`). Unlike `relatedFacts`, this holds for the
 * comparison wherever it stands, inside an OR too. "post.published != ''" makes the post rule's
 * "published, or mine, or staff" true without reading more.
 */
export function lastHopFact(
  registry: CollectionRegistry,
  collection: Collection,
  comparison: ComparisonExpr,
  operand: Operand,
): ComparisonExpr | undefined {
  if (operand.kind !== 'identifier' || operand.segments.length < 2) return undefined;
  if (operand !== comparison.left && operand !== comparison.right) return undefined;
  if (!isGuaranteeable(registry, collection, comparison)) return undefined;
  const field: Operand = { ...operand, raw: operand.segments.at(-1)!, segments: [operand.segments.at(-1)!] };
  return operand === comparison.left ? { ...comparison, left: field } : { ...comparison, right: field };
}

/** The caller's id, for matching `@request.auth.id` in rules (see `sameOperand`). */
export const callerIdOf = (request: RequestInfo): string | undefined => {
  const id = request.auth?.record.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** The top-level AND parts of `expr` (`expr` itself when it is not an AND). */
export const conjuncts = (expr: Expr): Expr[] =>
  expr.kind === 'and' ? expr.items.flatMap(conjuncts) : [expr];

/** The relation path a gate sits on (`post` for `post.published`), as a key of `RelatedFacts`. */
export const pathKey = (segments: string[]): string => segments.join('.');

/**
 * What a whole filter guarantees about related rows: for each relation path from the row, the
 * comparisons its top-level conjuncts make on the row at the end of it (see `lastHopFact`). They hold
 * wherever the filter is true, so every gate on that path, in any part of the filter, may assume them:
 * in "post.published != '' && post.labels.id ?= X", the post rule in the label lookup is "a member".
 */
export type RelatedFacts = Map<string, ComparisonExpr[]>;

export function relatedFacts(
  registry: CollectionRegistry,
  collection: Collection,
  filter: Expr,
): RelatedFacts {
  const facts: RelatedFacts = new Map();
  for (const conjunct of conjuncts(filter)) {
    if (conjunct.kind !== 'comparison' || !isGuaranteeable(registry, collection, conjunct)) continue;
    const path = conjunct.left.kind === 'identifier' ? conjunct.left : conjunct.right;
    if (path.kind !== 'identifier') continue;
    // The row at each prefix reached through single relations is one row per tested row, so the rest
    // of the path, compared the same way, holds on it ("contributors.id ?= X" on the story's post).
    for (let k = 1; k < path.segments.length; k++) {
      const prefix = path.segments.slice(0, k);
      if (!pathShape(registry, collection, [...prefix, 'id'])?.single) break;
      const rest: Operand = {
        ...path,
        raw: path.segments.slice(k).join('.'),
        segments: path.segments.slice(k),
      };
      const fact = path === conjunct.left ? { ...conjunct, left: rest } : { ...conjunct, right: rest };
      const key = pathKey(prefix);
      facts.set(key, [...(facts.get(key) ?? []), fact]);
    }
  }
  return facts;
}

/**
 * The rule without the branches `filter` guarantees; `true` when the filter guarantees all of it.
 * Only whole comparisons are matched, at any depth of ANDs and ORs of the rule. `settled` are rule
 * conditions the site's narrowing makes true on every row the list keeps (records/read.ts
 * `ListNarrowing.settles`): written in the rules' own terms, they are matched as they are, without the
 * filter's test of being false on a missing value.
 */
export function ruleGivenFilter(
  registry: CollectionRegistry,
  collection: Collection,
  rule: Expr,
  filter: Expr | readonly Expr[],
  callerId?: string,
  settled: readonly Expr[] = [],
): Expr | true {
  const given = Array.isArray(filter) ? (filter as readonly Expr[]) : [filter as Expr];
  const isComparison = (fact: Expr): fact is ComparisonExpr => fact.kind === 'comparison';
  const facts = [
    ...given
      .flatMap(conjuncts)
      .filter((fact) => isComparison(fact) && isGuaranteeable(registry, collection, fact)),
    ...settled.flatMap(conjuncts),
  ].filter(isComparison);
  if (facts.length === 0) return rule;
  const guaranteed = (expr: ComparisonExpr) =>
    facts.some(
      (fact) =>
        fact.op === expr.op &&
        sameOperand(fact.left, expr.left, callerId) &&
        sameOperand(fact.right, expr.right, callerId),
    );
  const simplify = (expr: Expr): Expr | true => {
    if (expr.kind === 'comparison') return guaranteed(expr) ? true : expr;
    const items = expr.items.map(simplify);
    if (expr.kind === 'or') return items.includes(true) ? true : { kind: 'or', items: items as Expr[] };
    const left = items.filter((item): item is Expr => item !== true);
    if (left.length === 0) return true;
    return left.length === 1 ? left[0]! : { kind: 'and', items: left };
  };
  return simplify(rule);
}
