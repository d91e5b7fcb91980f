/**
 * Rules that read the caller's id only to compare it with a text value of the row itself
 * ("the member's own birthday": `id = @request.auth.id`, `user = @request.auth.id`).
 *
 * Such a rule gives every caller the same result on a row that does not hold the caller's id, so it
 * can be compiled for a stand-in caller when deciding whether two callers' answers are the same
 * question (records/list-answers.ts), provided the answer is then never used for a caller whose id it
 * holds. Anything else the rule reads about the caller (roles, other fields) is compiled as it is.
 */
import type { ComparisonOperator, Expr, Operand } from '@community/filter';
import { findField, type Collection } from '../collections/model';
import type { RequestInfo } from './request-info';

/** An id no record has (record ids are 1 to 255 characters of [a-z0-9_] or similar, never this). */
export const STAND_IN_CALLER = '\u0000caller';

/** Fields whose stored value is a text or a list of texts, each an exact value (no JSON inside). */
const TEXT_VALUED = new Set(['text', 'relation', 'email', 'select', 'url']);
const EXACT: ReadonlySet<ComparisonOperator> = new Set(['=', '!=', '?=', '?!=']);

const isCallerId = (operand: Operand) =>
  operand.kind === 'identifier' &&
  operand.modifier === null &&
  operand.segments.length === 3 &&
  operand.segments[0] === '@request' &&
  operand.segments[1] === 'auth' &&
  operand.segments[2] === 'id';

function isRowValue(collection: Collection, operand: Operand): boolean {
  if (operand.kind !== 'identifier' || operand.modifier !== null || operand.segments.length !== 1)
    return false;
  const name = operand.segments[0]!;
  if (name === 'id') return true;
  const field = findField(collection, name);
  return field !== undefined && TEXT_VALUED.has(field.type);
}

/** Whether every use of `@request.auth.id` in `rule` is an exact comparison with a text value of the row, or with ''. */
export function readsCallerOnlyOnRow(collection: Collection, rule: Expr): boolean {
  if (rule.kind !== 'comparison') return rule.items.every((item) => readsCallerOnlyOnRow(collection, item));
  const left = isCallerId(rule.left);
  const right = isCallerId(rule.right);
  if (!left && !right) return true;
  if (left && right) return false;
  const other = left ? rule.right : rule.left;
  if (!EXACT.has(rule.op)) return false;
  // "Signed in or not" is the same for every signed-in caller.
  if (other.kind === 'text') return other.value === '' && (rule.op === '=' || rule.op === '!=');
  return isRowValue(collection, other);
}

/** The request as the stand-in caller would send it: the same in everything but the auth record's id. */
export function asStandInCaller(request: RequestInfo): RequestInfo {
  if (!request.auth) return request;
  return { ...request, auth: { ...request.auth, record: { ...request.auth.record, id: STAND_IN_CALLER } } };
}
