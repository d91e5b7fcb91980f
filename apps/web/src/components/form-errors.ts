import { fieldErrors } from '../lib/errors';
import { flashError } from './flash';

/** The part of a Mantine form this needs: setting the errors shown beside the fields. */
interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Shows a refused submission where the member is looking: each field the server refused is marked with
 * its sentence beside it, the first one is focused (and so announced and scrolled into view), and the
 * flash keeps the spec's wording (part 1 §8). `fields` renames server fields to the form's, where they
 * differ; server fields the form does not show stay in the flash alone.
 */
export function showServerErrors(
  form: FormWithErrors,
  error: unknown,
  formFields: readonly string[],
  fields: Record<string, string> = {},
): void {
  flashError(error);
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(fieldErrors(error))) {
    const name = fields[field] ?? field;
    if (formFields.includes(name)) errors[name] = text;
  }
  form.setErrors(errors);
  focusFirstInvalid();
}

/**
 * Moves the focus (and so the view and the screen reader) to the first field marked invalid, once React
 * has drawn the errors: on a phone the refused field may be far above the button that was pressed.
 */
export function focusFirstInvalid(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
