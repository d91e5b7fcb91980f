import { Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { TRY_AGAIN_TEXT } from './error-view';

/**
 * A list or page whose data did not load: what went wrong (spec part 1 §8) and "Try again", so a
 * network blip is not a dead end until the member reloads.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Group gap="sm" align="center">
      <Text c="red" role="alert">
        {errorMessage(error)}
      </Text>
      <Button variant="light" size="xs" onClick={onRetry}>
        {TRY_AGAIN_TEXT}
      </Button>
    </Group>
  );
}
