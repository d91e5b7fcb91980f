import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { AttachmentFields } from '../../components/posts/post-form-fields';
import { useMemo } from 'react';
import { LabelChoices } from '../../components/posts/label-choices';
import { SizeFields } from '../../components/posts/post-sizes';
import { NO_POST_SIZES } from '../../lib/posts/sizes';
import type { StoryRecord } from '../../lib/posts/types';
import type { SeriesValues } from './api/save-series';
import { useMyStories } from './api/get-my-stories';
import { ChapterEditor } from './chapter-editor';

export const SERIES_MESSAGES = { titleRequired: 'Title is required' };

export const EMPTY_SERIES: SeriesValues = {
  title: '',
  description: '',
  labels: [],
  tags: '',
  sizes: NO_POST_SIZES,
  chapters: [],
  files: [],
  removedFiles: [],
};

interface SeriesFormProps {
  userId: string;
  /** The edited series; absent for a new one. */
  seriesId?: string;
  initialValues?: SeriesValues;
  /** The series' current chapters (edit only), so chapters by co-authors still show their titles. */
  currentChapters?: StoryRecord[];
  /** Names of files the edited series already has. */
  attachedFiles?: string[];
  submitLabel: string;
  saving: boolean;
  onSave: (values: SeriesValues) => void;
  /** The save's latest refusal: the fields it names are marked here, anything else shows by the button. */
  refusal?: unknown;
}

/**
 * The form of /series/submit and /series/edit/{id}: title (required, spec part 1 §5), description,
 * labels, tags as comma text, attachments and the chapters in order.
 */
export function SeriesForm({
  userId,
  seriesId,
  initialValues = EMPTY_SERIES,
  currentChapters = [],
  attachedFiles = [],
  submitLabel,
  saving,
  onSave,
  refusal,
}: SeriesFormProps) {
  const form = useForm<SeriesValues>({
    initialValues,
    validate: { title: (value) => (value.trim() ? null : SERIES_MESSAGES.titleRequired) },
  });
  useServerErrors(form, refusal, { attachments: 'files' });
  const mine = useMyStories(userId);
  const known = useMemo(
    () => new Map([...currentChapters, ...(mine.data ?? [])].map((story) => [story.id, story])),
    [currentChapters, mine.data],
  );

  return (
    <form noValidate onSubmit={form.onSubmit(onSave)}>
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
        <SizeFields value={form.values.sizes} onChange={(sizes) => form.setFieldValue('sizes', sizes)} />
        <AttachmentFields
          files={form.getInputProps('files')}
          removed={form.getInputProps('removedFiles')}
          chosen={form.values.files}
          attached={attachedFiles}
          description="A cover image, or other images, video or audio."
        />
        <ChapterEditor
          value={form.values.chapters}
          onChange={(chapters) => form.setFieldValue('chapters', chapters)}
          stories={known}
          // A story is a chapter of one series at most: those in another series are not offered.
          addable={(mine.data ?? []).filter((story) => !story.series || story.series === seriesId)}
        />
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
        <FormRefusal error={refusal} />
      </Stack>
    </form>
  );
}
