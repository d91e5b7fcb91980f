import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { MarkdownContent } from '../../components/markdown-content';
import { attachmentImageUrl } from '../../lib/attachments';
import { displayName } from '../../lib/display-name';
import { formatDateTime } from '../../lib/format';
import {
  REVIEW_TEXTS,
  type ReviewAction,
  type SubmittedContent,
  type SubmittedPost,
} from './api/queue-types';
import { useReviewPost } from './api/review-post';

const firstOf = (value: SubmittedContent | SubmittedContent[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/** Where the submission can be opened on its own page. */
function pageOf(post: SubmittedPost): string | null {
  const story = firstOf(post.expand?.stories_via_post);
  if (story) return `/stories/${story.id}`;
  const series = firstOf(post.expand?.series_via_post);
  return series ? `/series/${series.id}` : null;
}

/** A submitted post as a moderator reviews it: what it is, who wrote it, its text, and the decision. */
export function QueueEntry({ post, resolver }: { post: SubmittedPost; resolver: string }) {
  const [resolution, setResolution] = useState('');
  // The decision that was refused for want of a reason: its message shows at the Reason box, which gets focus.
  const [missingFor, setMissingFor] = useState<Exclude<ReviewAction, 'publish'> | null>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const review = useReviewPost(resolver);
  const story = firstOf(post.expand?.stories_via_post);
  const authors = (post.expand?.contributors ?? []).map(displayName).join(', ');
  const href = pageOf(post);

  const decide = (action: ReviewAction) => {
    // Reject and delete need a reason (spec part 2 §5); the contributors are told it.
    if (action !== 'publish' && !resolution.trim()) {
      setMissingFor(action);
      reasonBox.current?.focus();
      return;
    }
    setMissingFor(null);
    review.mutate({ post, action, resolution }, { onSuccess: () => setResolution('') });
  };

  return (
    <Card withBorder component="article" aria-labelledby={`queue-${post.id}`}>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`queue-${post.id}`}>
              {post.title || '(untitled)'}
            </Title>
            <Text size="sm" c="dimmed">
              {authors ? `by ${authors} · ` : ''}submitted {formatDateTime(post.submitted)}
            </Text>
          </Stack>
          <Badge variant="light">{post.type}</Badge>
        </Group>
        {post.description && <Text fs="italic">{post.description}</Text>}
        {(post.expand?.labels ?? []).length > 0 && (
          <Group gap={4} aria-label="Labels">
            {post.expand?.labels?.map((label) => (
              <Badge key={label.id} variant="dot" color={label.color || 'gray'} size="sm" tt="none">
                {label.name}
              </Badge>
            ))}
          </Group>
        )}
        {(post.expand?.tags ?? []).length > 0 && (
          <Group gap={4}>
            {post.expand?.tags?.map((tag) => (
              <Badge key={tag.id} variant="outline" size="sm" tt="none">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
        {story?.content && (
          <MarkdownContent
            markdown={story.content}
            resolveImage={(url) => attachmentImageUrl(url, post, post.attachments ?? [])}
          />
        )}
        <AttachmentList owner={post} files={post.attachments} />
        {href && (
          <Anchor component={Link} to={href} size="sm">
            Open the submission
          </Anchor>
        )}
        <Textarea
          label="Reason"
          description="Required to reject or delete; the contributors are told it."
          rows={2}
          ref={reasonBox}
          value={resolution}
          onChange={(event) => setResolution(event.currentTarget.value)}
          error={missingFor ? REVIEW_TEXTS.reasonRequired[missingFor] : undefined}
          disabled={review.isPending}
        />
        <Group gap="xs">
          <Button color="green" onClick={() => decide('publish')} loading={review.isPending}>
            Publish
          </Button>
          <Button color="yellow" variant="light" onClick={() => decide('reject')} disabled={review.isPending}>
            Reject
          </Button>
          <Button color="red" variant="light" onClick={() => decide('delete')} disabled={review.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
