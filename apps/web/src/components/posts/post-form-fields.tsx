import { Checkbox, FileInput, Group, Image, Stack, Tabs, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { fileKind } from '../../lib/attachments';
import { MarkdownContent } from '../markdown-content';

/** What `form.getInputProps(field)` gives, spread onto an input. */
type InputProps = ReturnType<UseFormReturnType<Record<string, unknown>>['getInputProps']>;

/** Spec part 1 §5: the recognised types; anything else the server checks by content and may refuse. */
export const ACCEPTED_ATTACHMENTS = [
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

export const ATTACHMENTS_HINT =
  'Images, video or audio. Write ![a caption](file-name.png) to show an image in the text.';

/** Chosen files, previewed as the post will show them: images as pictures, the rest by name. */
function ChosenFiles({ files }: { files: readonly File[] }) {
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

interface AttachmentFieldsProps {
  /** `form.getInputProps('files')`: the new files to attach. */
  files: InputProps;
  /** `form.getInputProps('removedFiles')`: names of attached files to remove (editing). */
  removed: InputProps;
  /** The files chosen so far, previewed under the input. */
  chosen: readonly File[];
  /** Files the post already has (editing). */
  attached: readonly string[];
  description?: string;
}

/** A post form's attachments: add files (previewed), and when editing, tick attached ones to remove. */
export function AttachmentFields({ files, removed, chosen, attached, description }: AttachmentFieldsProps) {
  return (
    <>
      <FileInput
        label="Attachments"
        description={description ?? ATTACHMENTS_HINT}
        multiple
        clearable
        accept={ACCEPTED_ATTACHMENTS}
        placeholder="Add files"
        {...files}
      />
      <ChosenFiles files={chosen} />
      {attached.length > 0 && (
        <Checkbox.Group label="Remove attachments" {...removed}>
          <Stack gap={4} mt={4}>
            {attached.map((name) => (
              <Checkbox key={name} value={name} label={name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </>
  );
}

interface MarkdownFieldProps {
  /** `form.getInputProps('content')`. */
  content: InputProps;
  markdown: string;
  /** Which tab shows: the form turns back to "write" when the content is refused. */
  tab: string;
  onTabChange: (tab: string) => void;
  resolveImage: (url: string) => string;
  description: string;
  rows: number;
}

/** The required markdown Content box with a Preview tab that renders it as the post page will. */
export function MarkdownField({
  content,
  markdown,
  tab,
  onTabChange,
  resolveImage,
  description,
  rows,
}: MarkdownFieldProps) {
  return (
    <Tabs value={tab} onChange={(next) => onTabChange(next ?? 'write')} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Textarea
          label="Content"
          description={description}
          withAsterisk
          rows={rows}
          resize="vertical"
          {...content}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        {markdown.trim() ? (
          <MarkdownContent markdown={markdown} resolveImage={resolveImage} preview />
        ) : (
          <Text c="dimmed">Nothing to preview yet.</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
