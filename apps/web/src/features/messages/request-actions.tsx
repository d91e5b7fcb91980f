import { Button, Group } from '@mantine/core';
import { flashDmErrors } from './api/dm-errors';
import { useAnswerRequest } from './api/answer-request';

/** Accept / Decline for a message request (PRODUCT.md §14). Declining also blocks the sender from writing. */
export function RequestActions({ me, from, name }: { me: string; from: string; name: string }) {
  const answer = useAnswerRequest(me);
  const reply = (status: 'accepted' | 'declined') =>
    answer.mutate({ from, status }, { onError: flashDmErrors });
  return (
    <Group gap="xs">
      <Button
        size="xs"
        onClick={() => reply('accepted')}
        loading={answer.isPending}
        aria-label={`Accept ${name}`}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => reply('declined')}
        disabled={answer.isPending}
        aria-label={`Decline ${name}`}
      >
        Decline
      </Button>
    </Group>
  );
}
