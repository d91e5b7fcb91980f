import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { siteLinksIn, useLinkPreview, type SiteLink } from './api/get-link-preview';

const KIND_LABEL: Record<SiteLink['kind'], string> = {
  story: 'Story',
  series: 'Series',
  'forum-post': 'Forum post',
  profile: 'Profile',
};

function Preview({ link }: { link: SiteLink }) {
  const preview = useLinkPreview(link);
  // A link the viewer may not open (or that is gone) simply gets no preview.
  if (!preview.data) return null;
  return (
    <Card withBorder padding="xs" aria-label={`Link preview: ${preview.data.title}`}>
      <Text size="xs" c="dimmed">
        {KIND_LABEL[link.kind]}
      </Text>
      <Anchor component={Link} to={link.path} fw={600} size="sm">
        {preview.data.title}
      </Anchor>
      {preview.data.author && (
        <Text size="xs" c="dimmed">
          by {preview.data.author}
        </Text>
      )}
    </Card>
  );
}

/** Previews of the links in a message that lead to this site's own content (PRODUCT.md §13). */
export function LinkPreviews({ content }: { content: string }) {
  const links = siteLinksIn(content, window.location.origin);
  if (links.length === 0) return null;
  return (
    <Stack gap={4}>
      {links.map((link) => (
        <Preview key={link.path} link={link} />
      ))}
    </Stack>
  );
}
