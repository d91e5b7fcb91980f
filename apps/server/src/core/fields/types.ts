import type { Field } from '../collections/model';

import type { ColumnKind } from '../../db/types';

/** How a field's value is stored; the dialect decides the SQL type for each kind. */
export type StorageKind = ColumnKind;

/** One field's validation failure, in PocketBase's `{code, message, params}` shape. */
export interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export interface FieldBehaviour<F extends Field = Field> {
  storage(field: F): StorageKind;
  /** The value a record has when nothing was set: `""`, `0`, `false`, `[]` or `null`. */
  zero(field: F): unknown;
  /** Turns client input (JSON or inferred multipart strings) into the stored value's type. */
  normalize(field: F, input: unknown): unknown;
  /** Checks a normalized value against the field's options; database checks happen elsewhere. */
  validate(field: F, value: unknown): FieldError | null;
}

export const required = (): FieldError => ({ code: 'validation_required', message: 'Cannot be blank.' });
