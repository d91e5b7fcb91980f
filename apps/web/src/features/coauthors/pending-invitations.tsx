import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { displayName } from '../../lib/display-name';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useAnswerInvitation } from './api/answer-invitation';
import { useMyInvitations } from './api/get-my-invitations';
import type { InvitationRecord } from './api/types';
import { COAUTHOR_TEXTS } from './coauthor-texts';

const titleOf = (invitation: InvitationRecord) =>
  invitation.title || invitation.expand?.post?.title || COAUTHOR_TEXTS.untitled;

function InvitationItem({ invitation }: { invitation: InvitationRecord }) {
  const answer = useAnswerInvitation();
  const inviter = invitation.expand?.inviter;
  const title = titleOf(invitation);
  const answering = answer.isPending ? answer.variables.status : null;
  const reply = (status: 'accepted' | 'declined') => answer.mutate({ id: invitation.id, status, title });
  return (
    <Card component="li" withBorder padding="sm" data-testid="coauthor-invitation">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {inviter ? (
              <Anchor component={Link} to={`/profiles/${inviter.username}`} fw={600}>
                {displayName(inviter)}
              </Anchor>
            ) : (
              <Text span fw={600}>
                {COAUTHOR_TEXTS.someone}
              </Text>
            )}{' '}
            {COAUTHOR_TEXTS.invites}{' '}
            {invitation.href ? (
              <Anchor component={Link} to={invitation.href} fw={600}>
                {title}
              </Anchor>
            ) : (
              <Text span fw={600}>
                {title}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(invitation.created)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            aria-label={`${COAUTHOR_TEXTS.accept} the invitation to co-author ${title}`}
            loading={answering === 'accepted'}
            disabled={answering === 'declined'}
            onClick={() => reply('accepted')}
          >
            {COAUTHOR_TEXTS.accept}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`${COAUTHOR_TEXTS.decline} the invitation to co-author ${title}`}
            loading={answering === 'declined'}
            disabled={answering === 'accepted'}
            onClick={() => reply('declined')}
          >
            {COAUTHOR_TEXTS.decline}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

interface PendingInvitationsProps {
  /**
   * Changes when the member's notifications do (the page that shows this one keeps them live): a new
   * invitation arrives as a notification, so the invitations are read again then.
   */
  refreshKey?: number;
}

/**
 * The signed-in member's invitations to co-author, each with Accept and Decline (PRODUCT.md §15); shown
 * above the notifications, and not at all when there are none.
 */
export function PendingInvitations({ refreshKey }: PendingInvitationsProps) {
  const { user } = useSession();
  const invitations = useMyInvitations(user?.id ?? '');
  const { refetch } = invitations;
  const seen = useRef(refreshKey);
  useEffect(() => {
    const before = seen.current;
    seen.current = refreshKey;
    // The notifications' first load is no news: the invitations were read with the page.
    if (before && refreshKey !== before) void refetch();
  }, [refreshKey, refetch]);

  let body;
  if (!user) return null;
  if (invitations.isPending) body = <Text c="dimmed">{COAUTHOR_TEXTS.invitationsLoading}</Text>;
  else if (invitations.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(invitations.error)}
      </Text>
    );
  } else if (invitations.data.length === 0) return null;
  else {
    body = (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={COAUTHOR_TEXTS.invitationsHeading}
      >
        {invitations.data.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" aria-labelledby="coauthor-invitations-heading" gap="xs">
      <Title order={2} size="h3" id="coauthor-invitations-heading">
        {COAUTHOR_TEXTS.invitationsHeading}
      </Title>
      {body}
    </Stack>
  );
}
