import type { Field, FieldType } from '../collections/model';
import { fileBehaviour, relationBehaviour, selectBehaviour } from './lists';
import { passwordBehaviour } from './password';
import { autodateBehaviour, boolBehaviour, dateBehaviour, jsonBehaviour, numberBehaviour } from './scalar';
import { editorBehaviour, emailBehaviour, textBehaviour, urlBehaviour } from './text';
import type { FieldBehaviour, FieldError, StorageKind } from './types';

export type { FieldBehaviour, FieldError, StorageKind };

const behaviours: { [T in FieldType]: FieldBehaviour<Extract<Field, { type: T }>> } = {
  text: textBehaviour,
  number: numberBehaviour,
  bool: boolBehaviour,
  email: emailBehaviour,
  url: urlBehaviour,
  editor: editorBehaviour,
  date: dateBehaviour,
  autodate: autodateBehaviour,
  select: selectBehaviour,
  file: fileBehaviour,
  relation: relationBehaviour,
  json: jsonBehaviour,
  password: passwordBehaviour,
};

/** The behaviour of a field's type; one lookup, so callers never switch on `field.type` themselves. */
export function behaviourOf(field: Field): FieldBehaviour {
  return behaviours[field.type];
}

export const storageOf = (field: Field): StorageKind => behaviourOf(field).storage(field);
export const zeroOf = (field: Field): unknown => behaviourOf(field).zero(field);
