import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
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
import { withDraft, type DraftKey, type DraftRecord } from '../../lib/drafts/drafts';
import { useDraftAutosave } from '../../lib/drafts/use-draft-autosave';
import { DraftRestoredNotice, DraftStatus } from '../../components/drafts/draft-bar';

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

/** What a story draft keeps: the form without its files. */
export type StoryDraftValues = Omit<StoryValues, 'files' | 'removedFiles'>;

const draftedValues = ({
  title,
  description,
  labels,
  tags,
  sizes,
  content,
  publishAt,
}: StoryValues): StoryDraftValues => ({ title, description, labels, tags, sizes, content, publishAt });

interface StoryFormProps {
  initialValues?: StoryValues;
  /** The member's draft for this form (kept as they type), and the one they left, if any. */
  draft: { key: DraftKey; record: DraftRecord<Partial<StoryDraftValues>> | null };
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
  draft,
  attached,
  submitLabel,
  schedulable = true,
  saving,
  onSave,
  refusal,
}: StoryFormProps) {
  const [opened] = useState(() => withDraft(initialValues, draft.record));
  const [restoredAt, setRestoredAt] = useState(opened.restored ? draft.record?.updated : undefined);
  const [discarding, setDiscarding] = useState(false);
  const form = useForm<StoryValues>({
    initialValues: opened.values,
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
  const autosave = useDraftAutosave({
    key: draft.key,
    values: draftedValues(form.values),
    baseline: draftedValues(opened.values),
  });
  const discardDraft = () => {
    setDiscarding(true);
    form.setValues({ ...initialValues, files: form.values.files, removedFiles: form.values.removedFiles });
    autosave
      .discard(draftedValues(initialValues))
      .catch(() => undefined)
      .finally(() => {
        setDiscarding(false);
        setRestoredAt(undefined);
      });
  };
  const submit = (values: StoryValues) => {
    autosave.stop();
    onSave(values);
  };

  return (
    // A missing content shows under the text box, so the form turns back to it from the preview.
    <form noValidate onSubmit={form.onSubmit(submit, (errors) => errors.content && setTab('write'))}>
      <Stack>
        <DraftRestoredNotice restoredAt={restoredAt} discarding={discarding} onDiscard={discardDraft} />
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
        <Group gap="md">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          <DraftStatus state={autosave.state} />
        </Group>
        <FormRefusal error={refusal} />
      </Stack>
    </form>
  );
}
