/**
 * Applies a submitted body to a record's current values: plain keys replace, and PocketBase's
 * modifiers adjust (`n+`/`n-` for numbers; `+f`, `f+`, `f-` for select and relation lists).
 * Plain keys apply before modified ones, as PocketBase processes shorter keys first.
 */
import { findField, isMultiValued, type Collection, type Field } from '../collections/model';
import { behaviourOf } from '../fields';
import { asList, fromList, toStringList } from '../fields/lists';
import type { RecordData } from './record';

export interface AppliedBody {
  /** The record's values after the body was applied (normalized, not yet validated). */
  data: RecordData;
  /** The body with modifiers resolved to final values, keyed by field name: what `@request.body` reads. */
  resolved: Record<string, unknown>;
}

type Modifier = 'set' | 'append' | 'prepend' | 'remove';

function parseKey(key: string): { name: string; modifier: Modifier } {
  if (key.startsWith('+')) return { name: key.slice(1), modifier: 'prepend' };
  if (key.endsWith('+')) return { name: key.slice(0, -1), modifier: 'append' };
  if (key.endsWith('-')) return { name: key.slice(0, -1), modifier: 'remove' };
  return { name: key, modifier: 'set' };
}

function applyOne(field: Field, current: unknown, modifier: Modifier, input: unknown): unknown {
  const behaviour = behaviourOf(field);
  if (modifier === 'set') return behaviour.normalize(field, input);
  if (field.type === 'number') {
    const delta = Number(input);
    const base = typeof current === 'number' ? current : 0;
    return modifier === 'append'
      ? base + delta
      : modifier === 'remove'
        ? base - delta
        : behaviour.normalize(field, input);
  }
  if (field.type === 'select' || field.type === 'relation' || field.type === 'file') {
    const existing = asList(current);
    const given = toStringList(input);
    const list =
      modifier === 'append'
        ? [...existing, ...given]
        : modifier === 'prepend'
          ? [...given, ...existing]
          : existing.filter((v) => !given.includes(v));
    return fromList(field, [...new Set(list)]);
  }
  // Other types have no modifiers; PocketBase ignores such keys.
  return current;
}

export function applyBody(
  collection: Collection,
  current: RecordData,
  body: Record<string, unknown>,
  allowField: (field: Field) => boolean,
): AppliedBody {
  const data: RecordData = { ...current };
  const resolved: Record<string, unknown> = {};
  const keys = Object.keys(body).sort((a, b) => a.length - b.length);
  for (const key of keys) {
    const { name, modifier } = parseKey(key);
    const field = findField(collection, name);
    if (!field || !allowField(field) || field.type === 'autodate' || field.type === 'file') continue;
    data[name] = applyOne(field, data[name], modifier, body[key]);
    resolved[name] = data[name];
  }
  // Multi-valued fields always read back as lists in `@request.body`.
  for (const name of Object.keys(resolved)) {
    const field = findField(collection, name);
    if (field && isMultiValued(field)) resolved[name] = asList(resolved[name]);
  }
  return { data, resolved };
}
