import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { AttachmentFields, MarkdownField } from '../../components/posts/post-form-fields';
import { usePreviewImage } from '../../lib/posts/use-preview-image';
import { useState } from 'react';
import type { FileOwner } from '../../lib/attachments';
import type { ThreadValues } from './api/save-thread';

export const THREAD_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
};

export const EMPTY_THREAD: ThreadValues = { title: '', content: '', files: [], removedFiles: [] };

interface ThreadFormProps {
  initialValues?: ThreadValues;
  /** The post whose attachments an edited thread already has. */
  attached?: { owner: FileOwner; files: string[] };
  submitLabel: string;
  saving: boolean;
  onSave: (values: ThreadValues) => void;
  /** The save's latest refusal: the fields it names are marked here, anything else shows by the button. */
  refusal?: unknown;
}

/**
 * The forum post form (spec part 1 §2): title, markdown content with a preview, and attachments.
 * Title and content are required (spec part 1 §5).
 */
export function ThreadForm({
  initialValues = EMPTY_THREAD,
  attached,
  submitLabel,
  saving,
  onSave,
  refusal,
}: ThreadFormProps) {
  const form = useForm<ThreadValues>({
    initialValues,
    validate: {
      title: (value) => (value.trim() ? null : THREAD_MESSAGES.titleRequired),
      content: (value) => (value.trim() ? null : THREAD_MESSAGES.contentRequired),
    },
  });
  useServerErrors(form, refusal, { attachments: 'files' });
  const [tab, setTab] = useState('write');
  const existing = attached?.files ?? [];
  const resolveImage = usePreviewImage(form.values.files, attached);

  return (
    <form noValidate onSubmit={form.onSubmit(onSave, (errors) => errors.content && setTab('write'))}>
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <AttachmentFields
          files={form.getInputProps('files')}
          removed={form.getInputProps('removedFiles')}
          chosen={form.values.files}
          attached={existing}
        />
        <MarkdownField
          content={form.getInputProps('content')}
          markdown={form.values.content}
          tab={tab}
          onTabChange={setTab}
          resolveImage={resolveImage}
          description="Markdown: **bold**, *italic*, # headings, > quotes, lists and links."
          rows={12}
        />
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
        <FormRefusal error={refusal} />
      </Stack>
    </form>
  );
}
