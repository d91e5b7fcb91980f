import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MarkdownContent } from '../../components/markdown-content';
import { HtmlContent } from '../../components/html-content';
import { displayName, type NamedUser } from '../../lib/display-name';
import type { PostPage, ReportedPost, ReportRecord } from './api/report-types';

const firstOf = (value: PostPage | PostPage[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The page that shows a post: its story, series or forum thread. */
export function postHref(post: ReportedPost | undefined): string | null {
  if (!post) return null;
  const story = firstOf(post.expand?.stories_via_post);
  if (story) return `/stories/${story.id}`;
  const series = firstOf(post.expand?.series_via_post);
  if (series) return `/series/${series.id}`;
  const thread = firstOf(post.expand?.forum_posts_via_post);
  return thread?.forum ? `/forums/${thread.forum}/posts/${thread.id}` : null;
}

const profileHref = (user: NamedUser | undefined) => (user ? `/profiles/${user.username}` : null);

function Author({ label, user }: { label: string; user: NamedUser | undefined }) {
  const href = profileHref(user);
  return (
    <Text size="sm">
      {label}{' '}
      {user && href ? (
        <Anchor component={Link} to={href}>
          {displayName(user)}
        </Anchor>
      ) : (
        'a member no longer here'
      )}
    </Text>
  );
}

function OpenLink({ to, children }: { to: string | null; children: string }) {
  if (!to) return null;
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/**
 * The reported item, expanded so a moderator can judge it without leaving the queue, with a link to it
 * where members see it. An item already gone (deleted since) says so.
 */
export function ReportTarget({ report }: { report: ReportRecord }) {
  const { post, comment, profile, message } = report.expand ?? {};
  let kind: string;
  let body;
  if (report.comment) {
    kind = 'Comment';
    body = comment && (
      <>
        <Author label="Comment by" user={comment.expand?.author} />
        <MarkdownContent markdown={comment.content} />
        <OpenLink to={postHref(comment.expand?.target)}>
          {`Open the ${comment.expand?.target?.type ?? 'post'} it is on`}
        </OpenLink>
      </>
    );
  } else if (report.post) {
    kind = 'Post';
    body = post && (
      <>
        <Group gap="xs">
          <Text fw={700}>{post.title || '(untitled)'}</Text>
          <Badge variant="light">{post.type}</Badge>
        </Group>
        <Text size="sm">by {(post.expand?.contributors ?? []).map(displayName).join(', ') || 'unknown'}</Text>
        {post.description && <Text fs="italic">{post.description}</Text>}
        <OpenLink to={postHref(post)}>{`Open the ${post.type}`}</OpenLink>
      </>
    );
  } else if (report.profile) {
    kind = 'Profile';
    body = profile && (
      <>
        <Author label="Profile of" user={profile.expand?.user} />
        <Text fw={700}>{profile.name}</Text>
        {profile.bio && <HtmlContent html={profile.bio} />}
        <OpenLink to={profileHref(profile.expand?.user)}>Open the profile</OpenLink>
      </>
    );
  } else {
    kind = 'Message';
    body = message && (
      <>
        <Author label="Message from" user={message.expand?.from} />
        {message.subject && <Text fw={700}>{message.subject}</Text>}
        <HtmlContent html={message.content} />
      </>
    );
  }
  return (
    <Stack
      gap="xs"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        Reported {kind.toLowerCase()}
      </Text>
      {body ?? <Text c="dimmed">This {kind.toLowerCase()} no longer exists.</Text>}
    </Stack>
  );
}
