/**
 * The collection model, in PocketBase's JSON shape: what `/api/collections` accepts and returns, and
 * what the community's own collection definitions are written in. Parsing fills every default, so the
 * rest of the server works with complete definitions only.
 */
import { z } from 'zod';

export const FIELD_TYPES = [
  'text',
  'number',
  'bool',
  'email',
  'url',
  'editor',
  'date',
  'autodate',
  'select',
  'file',
  'relation',
  'json',
  'password',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const COLLECTION_TYPES = ['base', 'auth', 'view'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

const name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^\w+$/, 'Must contain only letters, digits and underscores.');

const common = {
  id: z.string().trim().max(100).default(''),
  name,
  system: z.boolean().default(false),
  hidden: z.boolean().default(false),
  presentable: z.boolean().default(false),
  required: z.boolean().default(false),
  /**
   * Extension (not in PocketBase): a filter deciding who may read this field's value on a record, e.g.
   * `id = @request.auth.id` for a birthday. Superusers always may; others get the field left out.
   */
  readRule: z.string().max(3500).nullable().default(null),
};

const domains = {
  exceptDomains: z.array(z.string()).nullable().default(null),
  onlyDomains: z.array(z.string()).nullable().default(null),
};

export const textField = z.object({
  ...common,
  type: z.literal('text'),
  min: z.number().int().min(0).default(0),
  max: z.number().int().min(0).default(0),
  pattern: z.string().default(''),
  autogeneratePattern: z.string().default(''),
  primaryKey: z.boolean().default(false),
});
export const numberField = z.object({
  ...common,
  type: z.literal('number'),
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
  onlyInt: z.boolean().default(false),
});
export const boolField = z.object({ ...common, type: z.literal('bool') });
export const emailField = z.object({ ...common, type: z.literal('email'), ...domains });
export const urlField = z.object({ ...common, type: z.literal('url'), ...domains });
export const editorField = z.object({
  ...common,
  type: z.literal('editor'),
  maxSize: z.number().int().min(0).default(0),
  convertURLs: z.boolean().default(false),
});
export const dateField = z.object({
  ...common,
  type: z.literal('date'),
  min: z.string().default(''),
  max: z.string().default(''),
});
export const autodateField = z.object({
  ...common,
  type: z.literal('autodate'),
  onCreate: z.boolean().default(true),
  onUpdate: z.boolean().default(false),
});
export const selectField = z.object({
  ...common,
  type: z.literal('select'),
  values: z.array(z.string()).min(1),
  maxSelect: z.number().int().min(1).default(1),
});
export const fileField = z.object({
  ...common,
  type: z.literal('file'),
  maxSelect: z.number().int().min(1).default(1),
  maxSize: z.number().int().min(0).default(0),
  mimeTypes: z.array(z.string()).default([]),
  thumbs: z.array(z.string()).default([]),
  protected: z.boolean().default(false),
});
export const relationField = z.object({
  ...common,
  type: z.literal('relation'),
  collectionId: z.string().min(1),
  cascadeDelete: z.boolean().default(false),
  minSelect: z.number().int().min(0).default(0),
  maxSelect: z.number().int().min(1).default(1),
});
export const jsonField = z.object({
  ...common,
  type: z.literal('json'),
  maxSize: z.number().int().min(0).default(0),
});
export const passwordField = z.object({
  ...common,
  type: z.literal('password'),
  min: z.number().int().min(0).default(8),
  max: z.number().int().min(0).max(71).default(71),
  pattern: z.string().default(''),
  cost: z.number().int().min(0).default(0),
});

export const fieldSchema = z.discriminatedUnion('type', [
  textField,
  numberField,
  boolField,
  emailField,
  urlField,
  editorField,
  dateField,
  autodateField,
  selectField,
  fileField,
  relationField,
  jsonField,
  passwordField,
]);

export type FieldInput = z.input<typeof fieldSchema>;
export type Field = z.output<typeof fieldSchema>;
export type FieldOf<T extends FieldType> = Extract<Field, { type: T }>;

const rule = z.string().max(3500).nullable().default(null);

export const collectionSchema = z.object({
  id: z.string().trim().max(100).default(''),
  name,
  type: z.enum(COLLECTION_TYPES).default('base'),
  system: z.boolean().default(false),
  fields: z.array(fieldSchema).default([]),
  indexes: z.array(z.string()).default([]),
  listRule: rule,
  viewRule: rule,
  createRule: rule,
  updateRule: rule,
  deleteRule: rule,
  /** Auth collections: who may authenticate, and who manages other members' accounts. */
  authRule: z.string().max(3500).nullable().default(''),
  manageRule: rule,
  /** View collections: the SELECT that defines the view. */
  viewQuery: z.string().default(''),
  /** One-time passwords by mail (auth collections). */
  otp: z
    .object({
      enabled: z.boolean().default(false),
      duration: z.number().int().min(10).max(86_400).default(180),
      length: z.number().int().min(6).max(12).default(8),
    })
    .default({ enabled: false, duration: 180, length: 8 }),
  passwordAuth: z
    .object({ enabled: z.boolean().default(true), identityFields: z.array(z.string()).default(['email']) })
    .default({ enabled: true, identityFields: ['email'] }),
  created: z.string().default(''),
  updated: z.string().default(''),
});

export type CollectionInput = z.input<typeof collectionSchema>;
export type Collection = z.output<typeof collectionSchema>;

export const RULE_NAMES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** Select, relation and file fields hold a list when they allow more than one value. */
export function isMultiValued(field: Field): boolean {
  return (
    (field.type === 'select' || field.type === 'relation' || field.type === 'file') && field.maxSelect > 1
  );
}

/**
 * A back-relation path segment, `<collection>_via_<field>` (PocketBase's syntax in filters, rules
 * and `?expand=`): the records of `collection` whose relation `field` points at this record. The
 * collection name may itself contain `_via_`; the last one separates the field.
 */
export function parseBackRelation(segment: string): { collection: string; field: string } | null {
  const match = /^(\w+)_via_(\w+)$/.exec(segment);
  return match ? { collection: match[1]!, field: match[2]! } : null;
}

/** The field named `fieldName` (names are unique in a collection), or undefined when there is none. */
export function findField(
  collection: Pick<Collection, 'fields'> | undefined,
  fieldName: string | undefined,
): Field | undefined {
  return fieldName === undefined ? undefined : collection?.fields.find((f) => f.name === fieldName);
}
