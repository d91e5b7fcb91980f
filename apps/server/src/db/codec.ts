/**
 * Values between JavaScript and each database. SQLite stores booleans as 0/1 and JSON as text;
 * PostgreSQL has real booleans and jsonb (node-pg would turn a JS array into a PostgreSQL array
 * literal, so JSON always travels as a string).
 */
import type { ColumnKind, DialectName } from './types';

export function encodeValue(kind: ColumnKind, value: unknown, dialect: DialectName): unknown {
  switch (kind) {
    case 'bool':
      return dialect === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'json':
      return value === null || value === undefined ? null : JSON.stringify(value);
    case 'jsonArray':
      return JSON.stringify(Array.isArray(value) ? value : []);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    default:
      return value ?? '';
  }
}

export function decodeValue(kind: ColumnKind, raw: unknown): unknown {
  switch (kind) {
    case 'bool':
      return raw === true || raw === 1 || raw === '1' || raw === 'true';
    case 'number':
      return raw === null || raw === undefined ? 0 : Number(raw);
    case 'json':
      return typeof raw === 'string' ? parseJson(raw) : (raw ?? null);
    case 'jsonArray': {
      const value = typeof raw === 'string' ? parseJson(raw) : raw;
      return Array.isArray(value) ? value : [];
    }
    default:
      return typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : JSON.stringify(raw);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
