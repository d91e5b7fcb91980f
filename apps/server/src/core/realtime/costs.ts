/**
 * What a live subscription costs the server on every event it could match, priced when it is made.
 *
 * Every event is checked against every subscription of its collection, on the one event loop the
 * whole site shares. A subscription made of the collection's rule alone costs what the operator's
 * rules cost, once per viewer; one that carries a member's own `filter` or `expand` costs whatever
 * the member wrote, and that is what the caps below bound:
 *
 * - each table the compiled condition reads (a relation path's join, a multi-valued `EXISTS`, and
 *   the rule of every collection a path enters) is one unit, as the compiler counts its aliases;
 * - a `~` / `!~` comparison is a pattern scan: two units more;
 * - a back-relation (`comments_via_author`) fans out to every row that points back, however many
 *   there are: eight units more per hop;
 * - each record an `expand` path loads is a look-up under that collection's view rule: three units;
 * - and one unit for the subscription itself.
 *
 * A subscription over `PER_SUBSCRIPTION` is refused, and so is a set that would bring one account's
 * distinct member-shaped checks, across all the streams it holds in this process, over
 * `PER_ACCOUNT` (a guest's stream is its own account). Subscriptions that differ only in their
 * record id share one check per event, so they are priced once. Superusers are not capped.
 */
import { parseExpand, type ExpandTree, type Expr } from '@community/filter';

export const REALTIME_COST_LIMITS = {
  /** Units one subscription's filter and expand may cost per event. */
  perSubscription: 30,
  /** Units all of one account's filtered or expanded subscriptions may cost per event, together. */
  perAccount: 120,
} as const;

const PATTERN_COST = 2;
const BACK_RELATION_COST = 8;
const EXPANDED_RECORD_COST = 3;

/** The units a filter adds beyond the tables it reads: pattern scans and back-relation hops. */
export function filterSurcharge(expr: Expr | null): number {
  if (!expr) return 0;
  if (expr.kind !== 'comparison') return expr.items.reduce((sum, item) => sum + filterSurcharge(item), 0);
  let units = expr.op.endsWith('~') ? PATTERN_COST : 0;
  for (const operand of [expr.left, expr.right]) {
    if (operand.kind !== 'identifier' || operand.segments[0]?.startsWith('@')) continue;
    units += BACK_RELATION_COST * operand.segments.filter((segment) => segment.includes('_via_')).length;
  }
  return units;
}

function expandedRecords(tree: ExpandTree): number {
  let count = 0;
  for (const subtree of tree.values()) count += 1 + expandedRecords(subtree);
  return count;
}

/** The units an `expand` costs: one look-up per path segment it loads. */
export function expandCost(expand: string | undefined): number {
  if (!expand?.trim()) return 0;
  return EXPANDED_RECORD_COST * expandedRecords(parseExpand(expand));
}

/** A subscription's whole price: itself, the tables its condition reads, and its surcharges. */
export function subscriptionCost(
  tablesRead: number,
  filter: Expr | null,
  expand: string | undefined,
): number {
  return 1 + tablesRead + filterSurcharge(filter) + expandCost(expand);
}
