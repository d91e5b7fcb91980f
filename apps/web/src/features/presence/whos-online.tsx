import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { displayName } from '../../lib/display-name';
import { useSession } from '../../lib/session';
import { useOnline } from './api/get-online';
import { useLivePresence } from './api/live-presence';
import { presenceTimings } from './timings';
import { usePresence } from './use-presence';

/**
 * Who's Online (spec part 2 §2, PRODUCT.md §13) for signed-in members only: each member's display name
 * linking to their profile, with the status as text and as a style class. Also keeps one's own presence.
 */
export function WhosOnline() {
  const { user } = useSession();
  const signedIn = !!user;
  usePresence();
  useLivePresence(signedIn, presenceTimings().refreshMs);
  const online = useOnline(signedIn);
  if (!signedIn) return null;

  let body;
  if (online.isPending)
    body = (
      <Text size="xs" c="dimmed">
        Loading…
      </Text>
    );
  else if (online.isError)
    body = (
      <Text size="xs" c="dimmed">
        Unavailable right now.
      </Text>
    );
  else if (online.data.length === 0)
    body = (
      <Text size="xs" c="dimmed">
        Nobody is online right now.
      </Text>
    );
  else {
    body = (
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {online.data.map((presence) => {
          const member = presence.expand?.user;
          return (
            <li key={presence.id} className={`presence-${presence.status}`}>
              <Group gap={6} wrap="nowrap">
                <Box w={8} h={8} bg="green" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
                {member ? (
                  // A 24 px line keeps each name a comfortable tap target when several are listed.
                  <Anchor component={Link} to={`/profiles/${member.username}`} size="sm" lh="24px" truncate>
                    {displayName(member)}
                  </Anchor>
                ) : (
                  <Text size="sm">Member</Text>
                )}
                <Text size="xs" c="dimmed">
                  {presence.status}
                </Text>
              </Group>
            </li>
          );
        })}
      </Stack>
    );
  }
  return (
    <Box component="section" aria-label="Who's Online" mt="md" px="sm">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        Who&apos;s Online
      </Text>
      {body}
    </Box>
  );
}
