import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { MarkdownContent } from '../../components/markdown-content';
import { attachmentImageUrl, fileKind, type FileOwner } from '../../lib/attachments';
import type { ThreadValues } from './api/save-thread';

export const THREAD_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
};

export const EMPTY_THREAD: ThreadValues = { title: '', content: '', files: [], removedFiles: [] };

/** Spec part 1 §5: the recognised types; anything else the server checks by content and may refuse. */
const ACCEPTED = [
  'image/jpeg',
  'image/gif',
  'image/png',
  'image/webp',
  'image/svg+xml',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
].join(',');

/** Chosen files, previewed as the thread will show them: images as pictures, the rest by name. */
function ChosenFiles({ files }: { files: File[] }) {
  const urls = useMemo(
    () => files.map((file) => (fileKind(file.name) === 'image' ? URL.createObjectURL(file) : '')),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  if (files.length === 0) return null;
  return (
    <Group gap="sm" role="group" aria-label="Chosen files">
      {files.map((file, index) =>
        urls[index] ? (
          <Image
            key={file.name}
            src={urls[index]}
            alt={file.name}
            h={96}
            w="auto"
            fit="contain"
            radius="sm"
          />
        ) : (
          <Text key={file.name} size="sm">
            {file.name}
          </Text>
        ),
      )}
    </Group>
  );
}

interface ThreadFormProps {
  initialValues?: ThreadValues;
  /** The post whose attachments an edited thread already has. */
  attached?: { owner: FileOwner; files: string[] };
  submitLabel: string;
  saving: boolean;
  onSave: (values: ThreadValues) => void;
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
}: ThreadFormProps) {
  const form = useForm<ThreadValues>({
    initialValues,
    validate: {
      title: (value) => (value.trim() ? null : THREAD_MESSAGES.titleRequired),
      content: (value) => (value.trim() ? null : THREAD_MESSAGES.contentRequired),
    },
  });
  const [tab, setTab] = useState('write');
  const existing = attached?.files ?? [];
  const resolveImage = attached
    ? (url: string) => attachmentImageUrl(url, attached.owner, existing)
    : undefined;

  return (
    <form noValidate onSubmit={form.onSubmit(onSave, (errors) => errors.content && setTab('write'))}>
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <FileInput
          label="Attachments"
          description="Images, video or audio. Write ![a caption](file-name.png) to show an image in the text."
          multiple
          clearable
          accept={ACCEPTED}
          placeholder="Add files"
          {...form.getInputProps('files')}
        />
        <ChosenFiles files={form.values.files} />
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
              description="Markdown: **bold**, *italic*, # headings, > quotes, lists and links."
              withAsterisk
              rows={12}
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
