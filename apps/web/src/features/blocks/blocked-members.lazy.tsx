import { Anchor, Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { displayName } from '../../lib/display-name';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useMyBlocks, type BlockRecord } from './api/get-my-blocks';
import { useUnblockMember } from './api/unblock-member';
import { BLOCK_TEXTS } from './block-texts';

function BlockedMember({ block }: { block: BlockRecord }) {
  const unblock = useUnblockMember();
  const member = block.expand?.blocked;
  const name = member ? displayName(member) : 'A member';
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={avatarUrl(member?.expand?.profile, '64x64')} alt="" size="md" radius="xl">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            {member ? (
              <Anchor component={Link} to={`/profiles/${member.username}`} fw={600} truncate>
                {name}
              </Anchor>
            ) : (
              <Text fw={600}>{name}</Text>
            )}
            {member && (
              <Text size="sm" c="dimmed" truncate>
                @{member.username}
              </Text>
            )}
          </Stack>
        </Group>
        <Button
          variant="default"
          size="xs"
          loading={unblock.isPending}
          aria-label={`${BLOCK_TEXTS.unblock} ${name}`}
          onClick={() => unblock.mutate(block.id)}
        >
          {BLOCK_TEXTS.unblock}
        </Button>
      </Group>
    </Card>
  );
}

/** The list's body: blocked-members.tsx loads it when /settings shows it. */
export function BlockedMembersBody() {
  const { user } = useSession();
  const blocks = useMyBlocks(user?.id ?? '');
  if (!user) return null;
  if (blocks.isPending) return <Text c="dimmed">{BLOCK_TEXTS.loading}</Text>;
  if (blocks.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(blocks.error)}
      </Text>
    );
  }
  if (blocks.data.length === 0) return <Text c="dimmed">{BLOCK_TEXTS.empty}</Text>;
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={BLOCK_TEXTS.heading}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      maw={560}
    >
      {blocks.data.map((block) => (
        <BlockedMember key={block.id} block={block} />
      ))}
    </Stack>
  );
}
