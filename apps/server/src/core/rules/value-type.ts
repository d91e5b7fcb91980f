import type { ValueType } from '../../tools/search/operand';
import type { Field } from '../collections/model';
import { storageOf } from '../fields';

/** How a filter compares a field's stored value (a JSON list compares as JSON). */
export const valueTypeOf = (field: Field): ValueType => {
  const kind = storageOf(field);
  return kind === 'jsonArray' ? 'json' : kind;
};
