import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { AttachmentFields, MarkdownField } from '../../components/posts/post-form-fields';
import { usePreviewImage } from '../../lib/posts/use-preview-image';
import { useState } from 'react';
import { LabelChoices } from '../../components/posts/label-choices';
import { SizeFields } from '../../components/posts/post-sizes';
import { NO_POST_SIZES } from '../../lib/posts/sizes';
import type { FileOwner } from '../../lib/attachments';
import type { StoryValues } from './api/save-story';

export const STORY_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
};

export const EMPTY_STORY: StoryValues = {
  title: '',
  description: '',
  labels: [],
  tags: '',
  sizes: NO_POST_SIZES,
  content: '',
  files: [],
  removedFiles: [],
  publishAt: '',
};

interface StoryFormProps {
  initialValues?: StoryValues;
  /** The post whose attachments an edited story already has. */
  attached?: { owner: FileOwner; files: string[] };
  submitLabel: string;
  /** Whether the form offers a publish time (not once the story is published). */
  schedulable?: boolean;
  saving: boolean;
  onSave: (values: StoryValues) => void;
  /** The save's latest refusal: the fields it names are marked here, anything else shows by the button. */
  refusal?: unknown;
}

/**
 * The story form of /stories/submit and /stories/edit/{id}: title, description, labels, tags as comma
 * text, attachments and markdown content with a preview. Title and content are required (spec part 1 §5).
 */
export function StoryForm({
  initialValues = EMPTY_STORY,
  attached,
  submitLabel,
  schedulable = true,
  saving,
  onSave,
  refusal,
}: StoryFormProps) {
  const form = useForm<StoryValues>({
    initialValues,
    validate: {
      title: (value) => (value.trim() ? null : STORY_MESSAGES.titleRequired),
      content: (value) => (value.trim() ? null : STORY_MESSAGES.contentRequired),
    },
  });
  useServerErrors(form, refusal, { attachments: 'files' });
  const [tab, setTab] = useState('write');
  const existing = attached?.files ?? [];
  // In the preview, images named in the text show as on the story page.
  const resolveImage = usePreviewImage(form.values.files, attached);

  return (
    // A missing content shows under the text box, so the form turns back to it from the preview.
    <form noValidate onSubmit={form.onSubmit(onSave, (errors) => errors.content && setTab('write'))}>
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={3} resize="vertical" {...form.getInputProps('description')} />
        <LabelChoices
          value={form.values.labels}
          onChange={(labels) => form.setFieldValue('labels', labels)}
        />
        <TextInput
          label="Tags"
          description="Separate tags with commas; new tags are created for you."
          placeholder="giant, village, gentle"
          {...form.getInputProps('tags')}
        />
        {schedulable && (
          <TextInput
            type="datetime-local"
            label="Publish at"
            description="Optional, in your local time. After a moderator approves it, the story stays hidden until then, and its readers are told when it comes out."
            {...form.getInputProps('publishAt')}
          />
        )}
        <SizeFields value={form.values.sizes} onChange={(sizes) => form.setFieldValue('sizes', sizes)} />
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
          description="Markdown: **bold**, *italic*, # headings, > quotes, lists, tables and links."
          rows={16}
        />
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
        <FormRefusal error={refusal} />
      </Stack>
    </form>
  );
}
