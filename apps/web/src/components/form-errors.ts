import { useEffect, useRef } from 'react';
import { fieldErrors } from '../lib/errors';
import { flashError } from './flash';

/** The part of a Mantine form this needs: setting the errors shown beside the fields. */
interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/**
 * The server's field refusals keyed by the form's own field names: `fields` renames server fields to the
 * form's where they differ; server fields the form does not show are left out (they stay in the flash).
 */
function refusedFields(
  error: unknown,
  formFields: readonly string[],
  fields: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(fieldErrors(error))) {
    const name = fields[field] ?? field;
    if (formFields.includes(name)) errors[name] = text;
  }
  return errors;
}

/**
 * Shows a refused submission where the member is looking: each field the server refused is marked with
 * its sentence beside it, the first one is focused (and so announced and scrolled into view), and the
 * flash keeps the spec's wording (part 1 §8).
 */
export function showServerErrors(
  form: FormWithErrors,
  error: unknown,
  formFields: readonly string[],
  fields: Record<string, string> = {},
): void {
  flashError(error);
  form.setErrors(refusedFields(error, formFields, fields));
  focusFirstInvalid();
}

/**
 * For forms whose save lives with their page: marks the fields the server refused each time a new
 * refusal arrives (`error` is the save's latest error; the page flashes it). Only the form's own fields
 * (its values' keys, after `fields` renames server names) are marked. A new submit validates the form
 * again, which clears the marks of the previous attempt.
 */
export function useServerErrors(
  form: FormWithErrors & { values: object },
  error: unknown,
  fields: Record<string, string> = {},
): void {
  const latest = useRef({ form, fields });
  // Kept current by an effect that runs before the one below, so that one runs only for a new refusal.
  useEffect(() => {
    latest.current = { form, fields };
  });
  useEffect(() => {
    if (!error) return;
    const { form: target, fields: renames } = latest.current;
    const errors = refusedFields(error, Object.keys(target.values), renames);
    if (Object.keys(errors).length === 0) return;
    target.setErrors(errors);
    focusFirstInvalid();
  }, [error]);
}

/**
 * Moves the focus (and so the view and the screen reader) to the first field marked invalid, once React
 * has drawn the errors: on a phone the refused field may be far above the button that was pressed.
 */
export function focusFirstInvalid(): void {
  // Mantine marks password inputs with data-invalid only; the others with aria-invalid.
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[aria-invalid="true"], input[data-invalid="true"]')?.focus(),
  );
}
