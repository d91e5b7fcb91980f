import { Anchor, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { fileKind, fileUrl, type FileOwner } from '../lib/attachments';

/** One attachment, previewed as its kind allows (spec part 1 §5): image, video, audio or a plain link. */
function Attachment({ owner, name }: { owner: FileOwner; name: string }) {
  const url = fileUrl(owner, name);
  const kind = fileKind(name);
  if (kind === 'image') {
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer">
        <Image src={url} alt={name} radius="sm" mah={240} fit="contain" />
      </Anchor>
    );
  }
  // Members upload media files alone: there is no caption file to attach, so the player is named after
  // the file and a plain link to it follows for readers who prefer to open it elsewhere.
  if (kind === 'video' || kind === 'audio') {
    return (
      <Stack gap={2}>
        {kind === 'video' ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- uploads come without captions (see above)
          <video src={url} controls preload="metadata" style={{ maxWidth: '100%' }} aria-label={name} />
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- uploads come without captions (see above)
          <audio src={url} controls preload="metadata" aria-label={name} />
        )}
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          {name}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {name}
    </Anchor>
  );
}

/** The attachments of a post or comment; nothing when there are none. */
export function AttachmentList({ owner, files }: { owner: FileOwner; files: readonly string[] | undefined }) {
  if (!files || files.length === 0) return null;
  return (
    <Stack component="section" gap={4} aria-label="Attachments">
      <Text size="xs" c="dimmed">
        Attachments
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {files.map((name) => (
          <Attachment key={name} owner={owner} name={name} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
