import { Button, Checkbox, FileInput, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { MarkdownContent } from '../../components/markdown-content';
import { LabelChoices } from '../../components/posts/label-choices';
import { attachmentImageUrl, chosenFileKey, chosenImageUrl, type FileOwner } from '../../lib/attachments';
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
  content: '',
  files: [],
  removedFiles: [],
};

interface StoryFormProps {
  initialValues?: StoryValues;
  /** The post whose attachments an edited story already has. */
  attached?: { owner: FileOwner; files: string[] };
  submitLabel: string;
  saving: boolean;
  onSave: (values: StoryValues) => void;
}

/** Local addresses of the files chosen in the form, for the preview; released when the choice changes. */
function useChosenFileUrls(files: readonly File[]): ReadonlyMap<string, string> {
  const urls = useMemo(
    () => new Map(files.map((file) => [chosenFileKey(file), URL.createObjectURL(file)] as const)),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The story form of /stories/submit and /stories/edit/{id}: title, description, labels, tags as comma
 * text, attachments and markdown content with a preview. Title and content are required (spec part 1 §5).
 */
export function StoryForm({
  initialValues = EMPTY_STORY,
  attached,
  submitLabel,
  saving,
  onSave,
}: StoryFormProps) {
  const form = useForm<StoryValues>({
    initialValues,
    validate: {
      title: (value) => (value.trim() ? null : STORY_MESSAGES.titleRequired),
      content: (value) => (value.trim() ? null : STORY_MESSAGES.contentRequired),
    },
  });
  const [tab, setTab] = useState('write');
  const existing = attached?.files ?? [];
  const chosen = useChosenFileUrls(form.values.files);
  // In the preview, images naming an attachment show it, as on the story page: one chosen just now (not
  // uploaded yet) by its local address, else one the story already has.
  const resolveImage = (url: string) =>
    chosenImageUrl(url, chosen) ?? (attached ? attachmentImageUrl(url, attached.owner, existing) : url);

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
        <FileInput
          label="Attachments"
          description="Images, video or audio. Write ![a caption](file-name.png) to show an image in the text."
          multiple
          clearable
          placeholder="Add files"
          {...form.getInputProps('files')}
        />
        {existing.length > 0 && (
          <Checkbox.Group label="Remove attachments" {...form.getInputProps('removedFiles')}>
            <Stack gap={4} mt={4}>
              {existing.map((name) => (
                <Checkbox key={name} value={name} label={name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Tabs value={tab} onChange={(next) => setTab(next ?? 'write')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="xs">
            <Textarea
              label="Content"
              description="Markdown: **bold**, *italic*, # headings, > quotes, lists, tables and links."
              withAsterisk
              rows={16}
              resize="vertical"
              {...form.getInputProps('content')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="xs">
            {form.values.content.trim() ? (
              <MarkdownContent markdown={form.values.content} resolveImage={resolveImage} />
            ) : (
              <Text c="dimmed">Nothing to preview yet.</Text>
            )}
          </Tabs.Panel>
        </Tabs>
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
