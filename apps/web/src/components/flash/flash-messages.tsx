import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorIcon, InfoCircleIcon, WarningIcon } from '../icons';
import { closeFlash, useFlashMessages, type FlashType } from './flash-store';
import { useRevealNewFlash } from './reveal-new-flash';

const LOOK: Record<FlashType, { color: string; icon: ReactNode }> = {
  success: { color: 'green', icon: <CheckCircleIcon /> },
  info: { color: 'blue', icon: <InfoCircleIcon /> },
  warning: { color: 'yellow', icon: <WarningIcon /> },
  error: { color: 'red', icon: <ErrorIcon /> },
};

/**
 * The stack of open flash messages, each with its type's icon, its text and a close button. A new flash
 * out of view is scrolled into view (see reveal-new-flash.ts).
 */
export function FlashMessages() {
  const messages = useFlashMessages();
  const stack = useRevealNewFlash<HTMLDivElement>(messages);
  if (messages.length === 0) return null;
  return (
    <Stack ref={stack} gap="xs" mb="md" aria-label="Messages" aria-live="polite">
      {messages.map((message) => (
        <Alert
          key={message.id}
          data-flash-id={message.id}
          data-flash-type={message.type}
          color={LOOK[message.type].color}
          icon={LOOK[message.type].icon}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => closeFlash(message.id)}
        >
          {message.text}
        </Alert>
      ))}
    </Stack>
  );
}
