import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { flashError } from '../../components/flash';
import { PageLoader } from '../../components/page-loader';
import type { Reaction } from '../../lib/posts/reactions';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useMyReactions, useRemoveReaction, type ReactedItem } from './api/my-reactions';
import { REACTION_PAGES } from './profile-texts';
import { LoadFailed } from '../../components/errors/load-failed';

const pathOf = (item: ReactedItem) => (item.kind === 'series' ? `/series/${item.id}` : `/stories/${item.id}`);

interface SectionProps {
  reaction: Reaction;
  kind: ReactedItem['kind'];
  items: ReactedItem[];
  onRemove: (item: ReactedItem) => void;
}

function ReactionSection({ reaction, kind, items, onRemove }: SectionProps) {
  const texts = REACTION_PAGES[reaction];
  const { heading, empty } = texts[kind];
  const headingId = `${reaction}-${kind}`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} id={headingId} tt="capitalize">
        {heading}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Card key={item.reactionId} component="li" withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={pathOf(item)} fw={600}>
                  {item.title}
                </Anchor>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => onRemove(item)}
                  aria-label={`${texts.remove} ${item.title}`}
                >
                  {texts.remove}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /profiles/me/likes and /profiles/me/favorites (spec part 1 §2): series first, then stories. */
export function ReactionsPage({ reaction }: { reaction: Reaction }) {
  const texts = REACTION_PAGES[reaction];
  usePageTitle(texts.title);
  const { user } = useSession();
  const userId = user?.id ?? '';
  const items = useMyReactions(reaction, userId);
  const remove = useRemoveReaction(reaction, userId);
  const onRemove = (item: ReactedItem) => remove.mutate(item, { onError: flashError });

  return (
    <Stack gap="xl">
      <Title order={1}>{texts.title}</Title>
      {items.isPending ? (
        <PageLoader />
      ) : items.isError ? (
        <LoadFailed error={items.error} onRetry={() => void items.refetch()} />
      ) : (
        (['series', 'story'] as const).map((kind) => (
          <ReactionSection
            key={kind}
            reaction={reaction}
            kind={kind}
            items={items.data.filter((item) => item.kind === kind)}
            onRemove={onRemove}
          />
        ))
      )}
    </Stack>
  );
}

export const LikesPage = () => <ReactionsPage reaction="likes" />;
export const FavoritesPage = () => <ReactionsPage reaction="favorites" />;
