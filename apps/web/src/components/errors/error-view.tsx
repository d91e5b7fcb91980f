import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

export const ERROR_VIEW_TITLE = 'shrug';
export const ERROR_VIEW_MESSAGE = 'Congratulations. You broke it!';

export const TRY_AGAIN_TEXT = 'Try again';

interface ErrorViewProps {
  title?: string;
  message?: string;
  /** Extra detail under the message, e.g. the raw error outside production. */
  children?: ReactNode;
  /** Offers "Try again", which calls this. */
  onRetry?: () => void;
}

/** The generic error view of spec part 1 §2, with its default title and message. */
export function ErrorView({
  title = ERROR_VIEW_TITLE,
  message = ERROR_VIEW_MESSAGE,
  children,
  onRetry,
}: ErrorViewProps) {
  usePageTitle(title);
  return (
    <Stack role="alert">
      <Title order={1}>{title}</Title>
      <Text>{message}</Text>
      {onRetry && (
        <Button onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
          {TRY_AGAIN_TEXT}
        </Button>
      )}
      {children}
    </Stack>
  );
}
