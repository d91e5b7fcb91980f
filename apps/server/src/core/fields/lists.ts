/**
 * Select, relation and file fields: a single value (`""` when empty) or, with maxSelect > 1, a list of
 * unique strings (`[]` when empty). A single-value field given several values keeps the last one.
 */
import type { FieldOf } from '../collections/model';
import { required, type FieldBehaviour, type FieldError } from './types';

type ListField = FieldOf<'select'> | FieldOf<'relation'> | FieldOf<'file'>;

export function toStringList(input: unknown): string[] {
  if (input === null || input === undefined || input === '') return [];
  const items = Array.isArray(input) ? (input as unknown[]) : [input];
  const strings = items
    .filter((item) => item !== null && item !== undefined && item !== '')
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return [...new Set(strings)];
}

/** The list a stored value holds, whatever its shape. */
export function asList(value: unknown): string[] {
  return Array.isArray(value)
    ? (value as string[])
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];
}

export function fromList(field: ListField, list: string[]): string | string[] {
  return field.maxSelect > 1 ? list : (list[list.length - 1] ?? '');
}

function listBehaviour<F extends ListField>(
  check: (field: F, list: string[]) => FieldError | null,
): FieldBehaviour<F> {
  return {
    storage: (field) => (field.maxSelect > 1 ? 'jsonArray' : 'text'),
    zero: (field) => (field.maxSelect > 1 ? [] : ''),
    normalize: (field, input) => fromList(field, toStringList(input)),
    validate(field, value) {
      const list = asList(value);
      if (list.length === 0) return field.required ? required() : null;
      if (list.length > field.maxSelect) {
        return {
          code: 'validation_too_many_values',
          message: `Select no more than ${field.maxSelect}.`,
          params: { maxSelect: field.maxSelect },
        };
      }
      return check(field, list);
    },
  };
}

export const selectBehaviour = listBehaviour<FieldOf<'select'>>((field, list) => {
  const invalid = list.find((v) => !field.values.includes(v));
  return invalid === undefined
    ? null
    : { code: 'validation_invalid_value', message: `Invalid value ${invalid}.`, params: { value: invalid } };
});

export const relationBehaviour = listBehaviour<FieldOf<'relation'>>((field, list) =>
  field.minSelect > 0 && list.length < field.minSelect
    ? {
        code: 'validation_not_enough_values',
        message: `Select at least ${field.minSelect}.`,
        params: { minSelect: field.minSelect },
      }
    : null,
);

export const fileBehaviour = listBehaviour<FieldOf<'file'>>(() => null);
