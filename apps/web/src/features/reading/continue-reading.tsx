import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useUnfinished } from './api/get-unfinished';

export const CONTINUE_READING_TITLE = 'Continue reading';

/** The stories the member started and did not finish, most recent first; nothing when there are none. */
export function ContinueReading({ userId }: { userId: string }) {
  const unfinished = useUnfinished(userId);
  if (!unfinished.data || unfinished.data.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="continue-reading" gap="xs">
      <Title order={2} size="h3" id="continue-reading">
        {CONTINUE_READING_TITLE}
      </Title>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {unfinished.data.map((item) => {
          const post = item.expand?.story?.expand?.post;
          const percent =
            item.paragraphs > 0 ? Math.round(((item.paragraph + 1) / item.paragraphs) * 100) : 0;
          return (
            <Card component="li" withBorder padding="sm" key={item.id}>
              <Anchor component={Link} to={`/stories/${item.story}`} fw={600}>
                {post?.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {`About ${Math.min(percent, 99)}% read`}
              </Text>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
