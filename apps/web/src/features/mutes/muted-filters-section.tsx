import { Badge, Button, CloseButton, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { useAddMute, useRemoveMute } from '../../lib/mutes/change-mutes';
import { useMutes } from '../../lib/mutes/get-mutes';
import type { MuteRecord } from '../../lib/mutes/types';
import { useLabels } from '../../lib/posts/get-labels';
import { useTags } from '../../lib/posts/get-tags';

export const MUTED_TEXTS = {
  title: 'Muted tags and labels',
  intro:
    'Stories and series with these tags or labels are left out of your lists, browse pages, search and the home page. Each list says how many it hid and can show them once.',
  none: 'You have not muted any tags or labels.',
  tag: 'Tag to mute',
  label: 'Label to mute',
  choose: 'Choose...',
  muteTag: 'Mute tag',
  muteLabel: 'Mute label',
  unmute: (name: string) => `Unmute ${name}`,
};

const nameOf = (mute: MuteRecord) => mute.expand?.tag?.name ?? mute.expand?.label?.name ?? '';

/** The member's muted tags and labels as removable chips. */
function MutedList() {
  const mutes = useMutes();
  const remove = useRemoveMute();
  if (mutes.isPending) return <PageLoader />;
  if (mutes.isError)
    return (
      <Text c="red" role="alert">
        {errorMessage(mutes.error)}
      </Text>
    );
  if (mutes.data.length === 0) return <Text c="dimmed">{MUTED_TEXTS.none}</Text>;
  return (
    <Stack gap={4}>
      <Group gap="xs" aria-label={MUTED_TEXTS.title}>
        {mutes.data.map((mute) => (
          <Badge
            key={mute.id}
            size="lg"
            tt="none"
            variant={mute.tag ? 'outline' : 'dot'}
            rightSection={
              <CloseButton
                size="xs"
                aria-label={MUTED_TEXTS.unmute(nameOf(mute))}
                disabled={remove.isPending}
                onClick={() => remove.mutate(mute.id)}
              />
            }
          >
            {nameOf(mute)}
          </Badge>
        ))}
      </Group>
      {remove.isError && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(remove.error)}
        </Text>
      )}
    </Stack>
  );
}

/** One picker with its "Mute" button; already muted ones are not offered. */
function MutePicker({ kind }: { kind: 'tag' | 'label' }) {
  const tags = useTags();
  const labels = useLabels();
  const mutes = useMutes();
  const add = useAddMute();
  const [chosen, setChosen] = useState('');
  const muted = new Set((mutes.data ?? []).map((m) => (kind === 'tag' ? m.tag : m.label)));
  const items = (kind === 'tag' ? tags.data : labels.data) ?? [];
  const options = [
    { value: '', label: MUTED_TEXTS.choose },
    ...items.filter((item) => !muted.has(item.id)).map((item) => ({ value: item.id, label: item.name })),
  ];
  const mute = () =>
    add.mutate(kind === 'tag' ? { tag: chosen } : { label: chosen }, { onSuccess: () => setChosen('') });
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs">
        <NativeSelect
          label={kind === 'tag' ? MUTED_TEXTS.tag : MUTED_TEXTS.label}
          value={chosen}
          data={options}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
        <Button variant="default" disabled={!chosen} loading={add.isPending} onClick={mute}>
          {kind === 'tag' ? MUTED_TEXTS.muteTag : MUTED_TEXTS.muteLabel}
        </Button>
      </Group>
      {add.isError && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(add.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The /settings section where a member keeps the tags and labels they never want to see (PRODUCT.md §14). */
export function MutedFiltersSection() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-muted">
      <Title order={2} id="settings-muted">
        {MUTED_TEXTS.title}
      </Title>
      <Text size="sm">{MUTED_TEXTS.intro}</Text>
      <MutedList />
      <Group align="flex-start" gap="lg">
        <MutePicker kind="tag" />
        <MutePicker kind="label" />
      </Group>
    </Stack>
  );
}
