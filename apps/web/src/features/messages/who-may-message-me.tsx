import { Radio, Stack } from '@mantine/core';
import { flash } from '../../components/flash';
import { useSession } from '../../lib/session';
import { flashDmErrors } from './api/dm-errors';
import { MESSAGES_FROM_CHOICES, messagesFromOf, useSaveMessagesFrom } from './api/save-messages-from';

export const WHO_MAY_MESSAGE_ME = 'Who may message me';

/**
 * The member's choice of who may start a conversation with them (PRODUCT.md §14), saved at once.
 * Three choices read best side by side as radio buttons (and need no dropdown code on /settings).
 */
export function WhoMayMessageMe() {
  const { user } = useSession();
  const save = useSaveMessagesFrom();
  if (!user) return null;
  const current = messagesFromOf(user.settings);
  return (
    <Radio.Group
      label={WHO_MAY_MESSAGE_ME}
      description="Anyone you already talk with can keep writing to you. Moderators can always reach you."
      value={current}
      maw={480}
      onChange={(value) => {
        if (!value || value === current) return;
        save.mutate(
          { userId: user.id, settings: user.settings, choice: value },
          { onSuccess: () => flash.success('Settings saved successfully.'), onError: flashDmErrors },
        );
      }}
    >
      <Stack gap="xs" mt="xs">
        {MESSAGES_FROM_CHOICES.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} disabled={save.isPending} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
