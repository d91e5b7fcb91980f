import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { useTags } from '../../lib/posts/get-tags';
import type { TagRecord } from '../../lib/posts/types';
import { useManageTag } from './api/manage-tags';

function TagRow({ tag }: { tag: TagRecord }) {
  const { rename, remove } = useManageTag();
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (name !== null) {
    return (
      <Group component="li" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={`New name for ${tag.name}`}
          size="xs"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button
          size="compact-xs"
          loading={rename.isPending}
          onClick={() =>
            name.trim() && rename.mutate({ id: tag.id, name }, { onSuccess: () => setName(null) })
          }
        >
          Save
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setName(null)}>
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Group component="li" gap="xs" wrap="nowrap">
      <Text size="sm">{tag.name}</Text>
      <Button size="compact-xs" variant="subtle" onClick={() => setName(tag.name)}>
        Rename
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        opened={confirming}
        message={deleteQuestion('tag')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(tag.id, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}

/** Moderators tidy tags in the app (PRODUCT.md §13): rename and delete. Merging is not built yet. */
export function SiteTags() {
  const tags = useTags();
  const [filter, setFilter] = useState('');
  let list;
  if (tags.isPending) list = <PageLoader />;
  else if (tags.isError) list = <Text c="red">{errorMessage(tags.error)}</Text>;
  else if (tags.data.length === 0) list = <Text c="dimmed">No tags yet.</Text>;
  else {
    const shown = tags.data.filter((tag) => tag.name.toLowerCase().includes(filter.trim().toLowerCase()));
    list = (
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tags">
        {shown.slice(0, 100).map((tag) => (
          <TagRow key={tag.id} tag={tag} />
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder component="section" aria-labelledby="site-tags-title">
      <Stack>
        <Title order={2} size="h3" id="site-tags-title">
          Tags
        </Title>
        <TextInput
          label="Find a tag"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {list}
      </Stack>
    </Card>
  );
}
