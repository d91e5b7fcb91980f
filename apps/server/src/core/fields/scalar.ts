import type { FieldOf } from '../collections/model';
import { normalizeDate } from '../../tools/dates';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../tools/json-depth';
import { required, type FieldBehaviour } from './types';

export const numberBehaviour: FieldBehaviour<FieldOf<'number'>> = {
  storage: () => 'number',
  zero: () => 0,
  normalize(_field, input) {
    if (input === null || input === undefined || input === '') return 0;
    if (typeof input === 'boolean') return input ? 1 : 0;
    const n = typeof input === 'number' ? input : Number(input);
    // NaN survives normalization so validation can say "not a number" instead of storing 0.
    return n;
  },
  validate(field, value) {
    const n = value as number;
    if (!Number.isFinite(n))
      return { code: 'validation_not_a_number', message: 'The submitted number is not properly formatted.' };
    if (n === 0) return field.required ? required() : null;
    if (field.onlyInt && !Number.isInteger(n))
      return { code: 'validation_only_int_constraint', message: 'Decimal numbers are not allowed.' };
    if (field.min !== null && n < field.min) {
      return {
        code: 'validation_min_number_constraint',
        message: `Must be larger than ${field.min}.`,
        params: { min: field.min },
      };
    }
    if (field.max !== null && n > field.max) {
      return {
        code: 'validation_max_number_constraint',
        message: `Must be less than ${field.max}.`,
        params: { max: field.max },
      };
    }
    return null;
  },
};

export const boolBehaviour: FieldBehaviour<FieldOf<'bool'>> = {
  storage: () => 'bool',
  zero: () => false,
  normalize(_field, input) {
    if (typeof input === 'string') return input === 'true' || input === '1';
    return Boolean(input);
  },
  validate: (field, value) => (field.required && value !== true ? required() : null),
};

export const dateBehaviour: FieldBehaviour<FieldOf<'date'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => normalizeDate(input),
  validate(field, value) {
    const date = value as string;
    if (date === '') return field.required ? required() : null;
    if (field.min && date < normalizeDate(field.min)) {
      return { code: 'validation_min_date_constraint', message: `Must be no earlier than ${field.min}.` };
    }
    if (field.max && date > normalizeDate(field.max)) {
      return { code: 'validation_max_date_constraint', message: `Must be no later than ${field.max}.` };
    }
    return null;
  },
};

/** Set by the server on create/update; client input never reaches it. */
export const autodateBehaviour: FieldBehaviour<FieldOf<'autodate'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => normalizeDate(input),
  validate: () => null,
};

const DEFAULT_JSON_MAX_BYTES = 1024 * 1024;

export const jsonBehaviour: FieldBehaviour<FieldOf<'json'>> = {
  storage: () => 'json',
  zero: () => null,
  normalize(_field, input) {
    if (input === undefined) return null;
    if (typeof input !== 'string') return input;
    // Multipart sends JSON as text; a string that is not JSON is kept as a JSON string.
    try {
      return JSON.parse(input) as unknown;
    } catch {
      return input;
    }
  },
  validate(field, value) {
    const isEmpty =
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (isEmpty) return field.required ? required() : null;
    if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
      return {
        code: 'validation_json_depth_limit',
        message: `Must not nest more than ${MAX_JSON_DEPTH} levels deep.`,
        params: { max: MAX_JSON_DEPTH },
      };
    }
    const max = field.maxSize > 0 ? field.maxSize : DEFAULT_JSON_MAX_BYTES;
    if (Buffer.byteLength(JSON.stringify(value)) > max) {
      return {
        code: 'validation_json_size_limit',
        message: `The maximum allowed JSON size is ${max} bytes.`,
        params: { maxSize: max },
      };
    }
    return null;
  },
};
