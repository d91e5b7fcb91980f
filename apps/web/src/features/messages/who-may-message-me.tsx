import { Select } from '@mantine/core';
import { flash } from '../../components/flash';
import { useSession } from '../../lib/session';
import { flashDmErrors } from './api/dm-errors';
import { MESSAGES_FROM_CHOICES, messagesFromOf, useSaveMessagesFrom } from './api/save-messages-from';

export const WHO_MAY_MESSAGE_ME = 'Who may message me';

/** The member's choice of who may start a conversation with them (PRODUCT.md §14), saved at once. */
export function WhoMayMessageMe() {
  const { user } = useSession();
  const save = useSaveMessagesFrom();
  if (!user) return null;
  const current = messagesFromOf(user.settings);
  return (
    <Select
      label={WHO_MAY_MESSAGE_ME}
      description="Anyone you already talk with can keep writing to you. Moderators can always reach you."
      data={MESSAGES_FROM_CHOICES.map((choice) => ({ ...choice }))}
      value={current}
      allowDeselect={false}
      disabled={save.isPending}
      maw={420}
      onChange={(value) => {
        if (!value || value === current) return;
        save.mutate(
          { userId: user.id, settings: user.settings, choice: value },
          { onSuccess: () => flash.success('Settings saved successfully.'), onError: flashDmErrors },
        );
      }}
    />
  );
}
