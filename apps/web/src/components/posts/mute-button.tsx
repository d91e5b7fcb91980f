import { Button, Text } from '@mantine/core';
import { useAddMute, useRemoveMute, type MuteTarget } from '../../lib/mutes/change-mutes';
import { useMutes } from '../../lib/mutes/get-mutes';
import { errorMessage } from '../../lib/errors';

export const MUTE_TEXTS = {
  muteTag: 'Mute tag',
  unmuteTag: 'Unmute tag',
  muteLabel: 'Mute label',
  unmuteLabel: 'Unmute label',
};

/**
 * "Mute tag" / "Mute label" for the tag or label a list is filtered by (browse pages): muted ones leave
 * every story and series list for this member; pressed again, the mute is lifted.
 */
export function MuteButton({ target }: { target: MuteTarget }) {
  const mutes = useMutes();
  const add = useAddMute();
  const remove = useRemoveMute();
  const isTag = 'tag' in target;
  const existing = mutes.data?.find((m) => (isTag ? m.tag === target.tag : m.label === target.label));
  const busy = add.isPending || remove.isPending || mutes.isPending;
  const error = add.error ?? remove.error;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        loading={busy}
        onClick={() => (existing ? remove.mutate(existing.id) : add.mutate(target))}
      >
        {existing
          ? isTag
            ? MUTE_TEXTS.unmuteTag
            : MUTE_TEXTS.unmuteLabel
          : isTag
            ? MUTE_TEXTS.muteTag
            : MUTE_TEXTS.muteLabel}
      </Button>
      {error && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(error)}
        </Text>
      )}
    </>
  );
}
