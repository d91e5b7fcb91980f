import type { FieldOf } from '../collections/model';
import { required, type FieldBehaviour, type FieldError } from './types';

/** PocketBase's default cap on a text field without its own max, in characters. */
const DEFAULT_TEXT_MAX = 5000;
const DEFAULT_EDITOR_MAX_BYTES = 5 * 1024 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const toText = (input: unknown): string => {
  if (input === null || input === undefined) return '';
  if (typeof input === 'string') return input;
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  return JSON.stringify(input);
};

export const length = (text: string) => [...text].length;

/**
 * The length and format checks text-like fields share. `size` is what `max` limits: characters for
 * text, UTF-8 bytes for passwords (bcrypt reads bytes).
 */
export function checkText(
  text: string,
  limits: { min: number; max: number; size: number; pattern: string },
): FieldError | null {
  if (limits.min > 0 && length(text) < limits.min) {
    return {
      code: 'validation_min_text_constraint',
      message: `Must be at least ${limits.min} character(s).`,
      params: { min: limits.min },
    };
  }
  if (limits.size > limits.max) {
    return {
      code: 'validation_max_text_constraint',
      message: `Must be less than ${limits.max} character(s).`,
      params: { max: limits.max },
    };
  }
  if (limits.pattern && !new RegExp(limits.pattern).test(text)) {
    return { code: 'validation_invalid_format', message: 'Invalid value format.' };
  }
  return null;
}

export const textBehaviour: FieldBehaviour<FieldOf<'text'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => toText(input),
  validate(field, value) {
    const text = value as string;
    if (text === '') return field.required ? required() : null;
    const max = field.max > 0 ? field.max : DEFAULT_TEXT_MAX;
    return checkText(text, { min: field.min, max, size: length(text), pattern: field.pattern });
  },
};

export const editorBehaviour: FieldBehaviour<FieldOf<'editor'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => toText(input),
  validate(field, value) {
    const text = value as string;
    if (text === '') return field.required ? required() : null;
    const max = field.maxSize > 0 ? field.maxSize : DEFAULT_EDITOR_MAX_BYTES;
    if (Buffer.byteLength(text) > max) {
      return {
        code: 'validation_content_size_limit',
        message: `The maximum allowed content size is ${max} bytes.`,
        params: { maxSize: max },
      };
    }
    return null;
  },
};

function domainError(
  field: FieldOf<'email'> | FieldOf<'url'>,
  domain: string,
  kind: 'email' | 'url',
): FieldError | null {
  const host = domain.toLowerCase();
  if (field.exceptDomains?.some((d) => d.toLowerCase() === host)) {
    return { code: `validation_${kind}_domain_not_allowed`, message: 'Domain is not allowed.' };
  }
  if (field.onlyDomains?.length && !field.onlyDomains.some((d) => d.toLowerCase() === host)) {
    return { code: `validation_${kind}_domain_not_allowed`, message: 'Domain is not allowed.' };
  }
  return null;
}

export const emailBehaviour: FieldBehaviour<FieldOf<'email'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => toText(input).trim(),
  validate(field, value) {
    const text = value as string;
    if (text === '') return field.required ? required() : null;
    if (text.length > 255 || !EMAIL.test(text))
      return { code: 'validation_is_email', message: 'Must be a valid email address.' };
    return domainError(field, text.slice(text.lastIndexOf('@') + 1), 'email');
  },
};

export const urlBehaviour: FieldBehaviour<FieldOf<'url'>> = {
  storage: () => 'text',
  zero: () => '',
  normalize: (_field, input) => toText(input).trim(),
  validate(field, value) {
    const text = value as string;
    if (text === '') return field.required ? required() : null;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { code: 'validation_invalid_url', message: 'Must be a valid url.' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { code: 'validation_invalid_url', message: 'Must be a valid url.' };
    }
    return domainError(field, url.hostname, 'url');
  },
};
