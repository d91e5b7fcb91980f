import { Alert } from '@mantine/core';
import { errorMessage, fieldErrors } from '../lib/errors';
import { ErrorIcon } from './icons';

/**
 * A refusal that names no field (a posting limit, a missing permission), shown beside the form's buttons
 * where the member just pressed one, and announced. Refusals of fields show at their fields instead.
 */
export function FormRefusal({ error }: { error: unknown }) {
  if (!error || Object.keys(fieldErrors(error)).length > 0) return null;
  return (
    <Alert color="red" role="alert" icon={<ErrorIcon />} py="xs">
      {errorMessage(error)}
    </Alert>
  );
}
