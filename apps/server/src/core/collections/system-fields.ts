/**
 * Fields every collection of a type must have. They are added when missing and kept in front, in
 * PocketBase's order, so a definition never has to spell them out.
 */
import { fieldIdFor } from './ids';
import { fieldSchema, type Collection, type Field, type FieldInput } from './model';

const idField: FieldInput = {
  id: 'text3208210256',
  name: 'id',
  type: 'text',
  system: true,
  required: true,
  primaryKey: true,
  min: 15,
  max: 15,
  pattern: '^[a-z0-9]+$',
  autogeneratePattern: '[a-z0-9]{15}',
};

const authFields: FieldInput[] = [
  { name: 'password', type: 'password', system: true, hidden: true, required: true, min: 8, max: 71 },
  {
    name: 'tokenKey',
    type: 'text',
    system: true,
    hidden: true,
    required: true,
    min: 30,
    max: 60,
    autogeneratePattern: '[a-zA-Z0-9]{50}',
  },
  { name: 'email', type: 'email', system: true, required: true },
  { name: 'emailVisibility', type: 'bool', system: true },
  { name: 'verified', type: 'bool', system: true },
];

function requiredFields(type: Collection['type']): FieldInput[] {
  if (type === 'view') return [];
  return type === 'auth' ? [idField, ...authFields] : [idField];
}

/** Returns the fields with the system ones first (definitions may override their options) and ids filled. */
export function withSystemFields(type: Collection['type'], fields: Field[]): Field[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const system = requiredFields(type).map((input) => {
    const given = byName.get(input.name);
    byName.delete(input.name);
    // The system shape wins on type and flags; a definition may only tighten options such as max.
    return fieldSchema.parse({
      ...input,
      ...(given && given.type === input.type ? given : {}),
      system: true,
    });
  });
  const rest = [...byName.values()];
  return [...system, ...rest].map((f) => (f.id ? f : { ...f, id: fieldIdFor(f.type, f.name) }));
}
