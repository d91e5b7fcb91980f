import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { displayName } from '../../lib/display-name';
import { usePageTitle } from '../../lib/use-page-title';
import type { BlockRecord } from './api/get-my-blocks';
import { useUnblockMember } from './api/unblock-member';
import { BLOCK_TEXTS } from './block-texts';

/**
 * What the profile of a member one blocked shows: the server no longer lists that profile for the
 * blocker, so the app shows this in its place, with Unblock.
 */
export function BlockedProfile({ block }: { block: BlockRecord }) {
  const unblock = useUnblockMember();
  const member = block.expand?.blocked;
  const name = member ? displayName(member) : 'this member';
  usePageTitle(name);
  return (
    <Stack>
      <Title order={1}>{name}</Title>
      <Card withBorder>
        <Stack gap="sm" align="flex-start">
          <Text>{BLOCK_TEXTS.profileNotice(name)}</Text>
          <Button variant="default" loading={unblock.isPending} onClick={() => unblock.mutate(block.id)}>
            {BLOCK_TEXTS.unblock}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
