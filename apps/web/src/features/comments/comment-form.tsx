import { Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { flashError } from '../../components/flash';
import { useServerErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useSaveComment, type CommentDraft } from './api/save-comment';
import type { CommentRecord } from './api/types';

export const COMMENT_REQUIRED_TEXT = 'Comment is required';

interface CommentFormValues {
  content: string;
  files: File[];
}

export interface CommentFormProps {
  target: string;
  author: string;
  /** The comment being answered; empty for a top-level comment. */
  reply?: string;
  /** The comment being edited. */
  editing?: CommentRecord;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * Writes a new comment, a reply, or a change to a comment. Content is required (spec part 1 §5); after a
 * save the form stays busy for 500 ms (§4) and then clears.
 */
export function CommentForm({
  target,
  author,
  reply = '',
  editing,
  submitLabel,
  onDone,
  onCancel,
}: CommentFormProps) {
  const save = useSaveComment(target);
  const form = useForm<CommentFormValues>({
    initialValues: { content: editing?.content ?? '', files: [] },
    validate: { content: (value) => (value.trim() ? null : COMMENT_REQUIRED_TEXT) },
  });
  useServerErrors(form, save.error, { attachments: 'files' });

  const submit = ({ content, files }: CommentFormValues) => {
    const draft: CommentDraft = {
      target,
      author: editing?.author ?? author,
      content,
      reply: editing?.reply ?? reply,
      files,
      id: editing?.id,
      created: editing?.created,
      updated: editing?.updated,
    };
    save.mutate(draft, {
      onError: flashError,
      onSuccess: () => {
        form.reset();
        onDone?.();
      },
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="xs">
        <Textarea
          label={editing ? 'Edit comment' : reply ? 'Reply' : 'Comment'}
          withAsterisk
          rows={3}
          resize="vertical"
          disabled={save.isPending}
          {...form.getInputProps('content')}
        />
        <FileInput
          label="Attachments"
          multiple
          clearable
          placeholder="Add files"
          disabled={save.isPending}
          {...form.getInputProps('files')}
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="subtle" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          )}
        </Group>
        <FormRefusal error={save.error} />
      </Stack>
    </form>
  );
}
