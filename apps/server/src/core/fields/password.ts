import type { FieldOf } from '../collections/model';
import { checkText, toText } from './text';
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
    const max = Math.min(field.max > 0 ? field.max : 71, 71);
    return checkText(text, {
      min: Math.max(field.min, 1),
      max,
      size: Buffer.byteLength(text),
      pattern: field.pattern,
    });
  },
};
