import {
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { MANAGE_SECTIONS, useMyPosts, type ManageSection, type ManagedRecord } from './api/get-my-posts';
import { PostByline } from '../../components/posts/post-byline';
import { VERIFIED_ONLY_TEXT } from './verified-only';
import { scheduledText } from './publish-time';
import { LoadFailed } from '../../components/errors/load-failed';

/** Where each section's collapse state is kept, per section id (spec part 1 §2). */
export const collapseKey = (sectionId: string) => `manage-stories:${sectionId}:collapsed`;

const linkTo = (section: ManageSection, record: ManagedRecord) =>
  section.collection === 'stories' ? `/stories/${record.id}` : `/series/${record.id}`;

function ManagedItem({ section, record }: { section: ManageSection; record: ManagedRecord }) {
  const post = record.expand?.post;
  if (!post) return null;
  const scheduled = scheduledText(post);
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Anchor component={Link} to={linkTo(section, record)} fw={600}>
            {post.title}
          </Anchor>
          <PostByline post={post} />
          {scheduled && (
            <Text size="sm" c="blue" fw={600}>
              {scheduled}
            </Text>
          )}
        </Stack>
        {!post.published && !post.submitted && !post.approved && (
          <Badge color="gray" variant="light" tt="none">
            Returned for changes
          </Badge>
        )}
      </Group>
    </Card>
  );
}

/** One collapsible section: its title with the count, then up to 1000 items, newest first. */
function Section({ section, userId }: { section: ManageSection; userId: string }) {
  const posts = useMyPosts(section, userId);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: collapseKey(section.id),
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const count = posts.data?.totalItems;
  const panelId = `${section.id}-items`;

  let body;
  if (posts.isPending) body = <PageLoader />;
  else if (posts.isError) {
    body = <LoadFailed error={posts.error} onRetry={() => void posts.refetch()} />;
  } else if (posts.data.items.length === 0) body = <Text c="dimmed">Nothing here yet.</Text>;
  else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {posts.data.items.map((record) => (
          <ManagedItem key={record.id} section={section} record={record} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="xs" aria-labelledby={`${section.id}-title`}>
      <UnstyledButton
        onClick={() => setCollapsed(!collapsed)}
        aria-expanded={!collapsed}
        aria-controls={panelId}
      >
        <Group gap="xs">
          <Title order={2} size="h3" id={`${section.id}-title`}>
            {section.title}
          </Title>
          <Badge variant="light" aria-label={`${count ?? 'unknown'} items`}>
            {count ?? '?'}
          </Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={!collapsed} id={panelId} keepMountedMode="display-none">
        {body}
      </Collapse>
    </Stack>
  );
}

/**
 * /stories/manage (spec part 1 §2): the member's series and stories in four collapsible sections with
 * counts, and the buttons to submit more.
 */
export function ManageStoriesPage() {
  usePageTitle('Manage Your Stories');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack>
      <Title order={1}>Manage Your Stories</Title>
      {user.verified ? (
        <Group>
          <Button component={Link} to="/series/submit" variant="light">
            Submit Series
          </Button>
          <Button component={Link} to="/stories/submit">
            Submit Story
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">{VERIFIED_ONLY_TEXT}</Text>
      )}
      {MANAGE_SECTIONS.map((section) => (
        <Section key={section.id} section={section} userId={user.id} />
      ))}
    </Stack>
  );
}
