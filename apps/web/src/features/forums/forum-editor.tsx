import { Button, Group, Modal, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ForumRecord } from './api/forum-lists';
import { useSaveForum, type ForumValues } from './api/manage-forums';

export const FORUM_NAME_REQUIRED = 'Name is required';

export interface ForumEditorProps {
  /** The forum being edited; absent for a new one. */
  forum?: ForumRecord;
  /** Where a new forum goes in the order by default: after the last one. */
  nextSortOrder: number;
  onClose: () => void;
}

/** The admins' form for a forum: name, HTML description and sort order (PRODUCT.md §13). */
export function ForumEditor({ forum, nextSortOrder, onClose }: ForumEditorProps) {
  const save = useSaveForum();
  const form = useForm<ForumValues>({
    initialValues: {
      name: forum?.name ?? '',
      description: forum?.description ?? '',
      sortOrder: forum?.sort_order ?? nextSortOrder,
    },
    validate: { name: (value) => (value.trim() ? null : FORUM_NAME_REQUIRED) },
  });
  const submit = (values: ForumValues) => save.mutate({ values, id: forum?.id }, { onSuccess: onClose });

  return (
    <Modal opened onClose={onClose} title={forum ? 'Edit Forum' : 'New Forum'} centered>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="HTML: <p>, <strong>, <em>, <a> and lists. Anything unsafe is removed when shown."
            autosize
            minRows={3}
            {...form.getInputProps('description')}
          />
          <NumberInput
            label="Sort order"
            description="Forums are listed from the lowest number up."
            allowDecimal={false}
            {...form.getInputProps('sortOrder')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Forum
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
