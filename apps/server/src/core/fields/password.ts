import type { FieldOf } from '../collections/model';
import { toText } from './text';
import { required, type FieldBehaviour } from './types';

/**
 * The plain password as submitted; the record layer hashes it before storage and never outputs it.
 * The length is checked in UTF-8 bytes against bcrypt's 72-byte input, so nothing is silently cut.
 */
export const passwordBehaviour: FieldBehaviour<FieldOf<'password'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => toText(input),
  validate(field, value) {
    const text = value as string;
    if (text === '') return field.required ? required() : null;
    const min = Math.max(field.min, 1);
    const max = Math.min(field.max > 0 ? field.max : 71, 71);
    if ([...text].length < min) {
      return {
        code: 'validation_min_text_constraint',
        message: `Must be at least ${min} character(s).`,
        params: { min },
      };
    }
    if (Buffer.byteLength(text) > max) {
      return {
        code: 'validation_max_text_constraint',
        message: `Must be less than ${max} character(s).`,
        params: { max },
      };
    }
    if (field.pattern && !new RegExp(field.pattern).test(text)) {
      return { code: 'validation_invalid_format', message: 'Invalid value format.' };
    }
    return null;
  },
};
