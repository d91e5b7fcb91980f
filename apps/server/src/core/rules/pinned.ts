/**
 * Rule parts a filter makes the same for every row it lets through.
 *
 * A comment page asks for `target = "<story's post>"`, and the comment rule says "the caller may see
 * the target post" (`target.published != '' || <the caller contributes to target> || <staff>`). Every
 * row of that page has the same target, so that part of the rule has one value for the whole page: it
 * can be decided once, on one row, instead of on every row. Decided true, it leaves the statement; and
 * as it named the caller, the page's total becomes one number for every member instead of one per
 * member (list-cache.ts keys totals by their SQL).
 *
 * A filter conjunct `relation = "id"` on a relation holding one record "pins" that field: a row the
 * filter lets through holds that id (a value the caller may not read reads as missing, and missing
 * equals no literal). A rule conjunct that reads a pinned field and otherwise only paths through
 * pinned fields, values of the request and literals then has one value across all those rows.
 * (Conjuncts of the request alone are folded to constants when they are compiled.)
 */
import type { Expr, Operand } from '@community/filter';
import { findField, isMultiValued, type Collection } from '../collections/model';
import { conjuncts } from './implied';

/** The fields `filter`'s top-level conjuncts pin, with the value each is pinned to. */
export function pinnedFields(collection: Collection, filter: Expr): Map<string, string> {
  const pinned = new Map<string, string>();
  for (const conjunct of conjuncts(filter)) {
    if (conjunct.kind !== 'comparison' || conjunct.op !== '=') continue;
    const [path, literal] =
      conjunct.left.kind === 'identifier' ? [conjunct.left, conjunct.right] : [conjunct.right, conjunct.left];
    // Not the empty id: a value the caller may not read reads as missing, and missing equals "".
    if (path.kind !== 'identifier' || literal.kind !== 'text' || literal.value === '') continue;
    if (path.modifier !== null) continue;
    if (path.segments.length !== 1) continue;
    const field = findField(collection, path.segments[0]);
    if (field?.type !== 'relation' || isMultiValued(field)) continue;
    pinned.set(field.name, literal.value);
  }
  return pinned;
}

/** The fields whose related record some path of `expr` reads (`target.type` reads through `target`). */
export function fieldsWalked(expr: Expr, into = new Set<string>()): Set<string> {
  if (expr.kind !== 'comparison') {
    for (const item of expr.items) fieldsWalked(item, into);
    return into;
  }
  const visit = (operand: Operand): void => {
    if (operand.kind === 'identifier' && operand.segments.length > 1) into.add(operand.segments[0]!);
    if (operand.kind === 'function') operand.args.forEach(visit);
  };
  visit(expr.left);
  visit(expr.right);
  return into;
}

/**
 * The top-level conjuncts of `rule` that read a pinned field and have one value for every row with
 * the pinned fields' values.
 */
export function pinnedConjuncts(
  collection: Collection,
  rule: Expr,
  pinned: ReadonlyMap<string, string>,
): Expr[] {
  if (pinned.size === 0) return [];
  return conjuncts(rule).filter(
    (conjunct) => readsOnlyPinned(collection, conjunct, pinned) && readsPinned(conjunct, pinned),
  );
}

/** `rule` without the conjuncts in `decided`; `true` when none is left. */
export function withoutConjuncts(rule: Expr, decided: readonly Expr[]): Expr | true {
  const left = conjuncts(rule).filter((conjunct) => !decided.includes(conjunct));
  if (left.length === 0) return true;
  return left.length === 1 ? left[0]! : { kind: 'and', items: left };
}

function readsOnlyPinned(collection: Collection, expr: Expr, pinned: ReadonlyMap<string, string>): boolean {
  if (expr.kind !== 'comparison')
    return expr.items.every((item) => readsOnlyPinned(collection, item, pinned));
  return [expr.left, expr.right].every((operand) => operandIsPinned(collection, operand, pinned));
}

function readsPinned(expr: Expr, pinned: ReadonlyMap<string, string>): boolean {
  if (expr.kind !== 'comparison') return expr.items.some((item) => readsPinned(item, pinned));
  const reads = (operand: Operand): boolean =>
    operand.kind === 'identifier'
      ? pinned.has(operand.segments[0] ?? '')
      : operand.kind === 'function' && operand.args.some(reads);
  return reads(expr.left) || reads(expr.right);
}

function operandIsPinned(
  collection: Collection,
  operand: Operand,
  pinned: ReadonlyMap<string, string>,
): boolean {
  switch (operand.kind) {
    case 'text':
    case 'number':
      return true;
    case 'null':
    case 'bool':
      // PocketBase reads a bare `true` as the field of that name when there is one.
      return !findField(collection, operand.raw);
    case 'function':
      return operand.args.every((arg) => operandIsPinned(collection, arg, pinned));
    case 'identifier': {
      const [first] = operand.segments;
      return first === '@request' || (first !== undefined && pinned.has(first));
    }
  }
}
