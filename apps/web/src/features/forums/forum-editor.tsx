import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import type { ForumRecord } from './api/forum-lists';
import { useSaveForum, type ForumValues } from './api/manage-forums';
import { useReturnFocus } from '../../components/use-return-focus';

export const FORUM_NAME_REQUIRED = 'Name is required';
export const SORT_ORDER_INVALID = 'Sort order must be a whole number';

/** The form's own values: the sort order is text while it is typed (a plain number box keeps this chunk small). */
type EditorValues = Omit<ForumValues, 'sortOrder'> & { sortOrder: string };

const isWholeNumber = (value: string) => /^-?\d+$/.test(value.trim());

export interface ForumEditorProps {
  /** The forum being edited; absent for a new one. */
  forum?: ForumRecord;
  /** Where a new forum goes in the order by default: after the last one. */
  nextSortOrder: number;
  onClose: () => void;
}

/** The admins' form for a forum: name, HTML description and sort order (PRODUCT.md §13). */
export function ForumEditor({ forum, nextSortOrder, onClose }: ForumEditorProps) {
  useReturnFocus();
  const save = useSaveForum();
  const form = useForm<EditorValues>({
    initialValues: {
      name: forum?.name ?? '',
      description: forum?.description ?? '',
      sortOrder: String(forum?.sort_order ?? nextSortOrder),
    },
    validate: {
      name: (value) => (value.trim() ? null : FORUM_NAME_REQUIRED),
      sortOrder: (value) => (isWholeNumber(value) ? null : SORT_ORDER_INVALID),
    },
  });
  useServerErrors(form, save.error, { sort_order: 'sortOrder' });
  const submit = (values: EditorValues) =>
    save.mutate(
      { values: { ...values, sortOrder: Number(values.sortOrder.trim()) }, id: forum?.id },
      { onSuccess: onClose },
    );

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
          <TextInput
            label="Sort order"
            description="Forums are listed from the lowest number up."
            inputMode="numeric"
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
