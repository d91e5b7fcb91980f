import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { flash, flashError } from '../../components/flash';
import { useServerErrors } from '../../components/form-errors';
import { avatarUrl } from '../../lib/avatar';
import { displayName, type NamedUser } from '../../lib/display-name';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useContributors } from './api/get-contributors';
import { usePostInvitations } from './api/get-post-invitations';
import { useInviteMember } from './api/invite-member';
import { useLeavePost } from './api/leave-post';
import { useRemoveContributor } from './api/remove-contributor';
import type { CoauthoredPost } from './api/types';
import { useWithdrawInvitation } from './api/withdraw-invitation';
import { COAUTHOR_TEXTS } from './coauthor-texts';

/** One member in the panel: avatar, name linking to the profile, a badge, and the row's buttons. */
function MemberRow({
  member,
  fallback,
  badge,
  note,
  children,
  testId,
}: {
  member: NamedUser | undefined;
  fallback: string;
  badge?: string;
  note?: string;
  children?: ReactNode;
  testId: string;
}) {
  const name = member ? displayName(member) : fallback;
  return (
    <Card component="li" withBorder padding="xs" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={avatarUrl(member?.expand?.profile)} alt="" size="sm" radius="xl">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              {member ? (
                <Anchor component={Link} to={`/profiles/${member.username}`} fw={600} truncate>
                  {name}
                </Anchor>
              ) : (
                <Text fw={600}>{name}</Text>
              )}
              {badge && (
                <Badge variant="light" size="sm">
                  {badge}
                </Badge>
              )}
            </Group>
            {note && (
              <Text size="xs" c="dimmed" truncate>
                {note}
              </Text>
            )}
          </Stack>
        </Group>
        {children && <Group gap="xs">{children}</Group>}
      </Group>
    </Card>
  );
}

function InviteForm({ postId, contributors, me }: { postId: string; contributors: string[]; me: string }) {
  const form = useForm({
    initialValues: { username: '' },
    validate: { username: (value) => (value.trim() ? null : COAUTHOR_TEXTS.usernameRequired) },
  });
  const invite = useInviteMember({ postId, contributors, inviter: me });
  useServerErrors(form, invite.error, { user: 'username' });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ username }) =>
        invite.mutate(username, {
          onSuccess: () => {
            flash.success(COAUTHOR_TEXTS.invited(username.trim().replace(/^@/, '')));
            form.reset();
          },
          // Refusals about the member show beside the field; anything else as a flash.
          onError: (error) => {
            if (!fieldErrors(error).user) flashError(error);
          },
        }),
      )}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={COAUTHOR_TEXTS.username}
          placeholder={COAUTHOR_TEXTS.usernamePlaceholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          style={{ flex: 1, minWidth: 0 }}
          maw={320}
          {...form.getInputProps('username')}
        />
        <Button type="submit" loading={invite.isPending}>
          {COAUTHOR_TEXTS.invite}
        </Button>
      </Group>
    </form>
  );
}

export interface CoauthorsPanelProps {
  /** The post as the page holds it, its contributors expanded. */
  post: CoauthoredPost;
  /** After a contributor is removed: the page refreshes its own copy of the post. */
  onChanged: () => Promise<void> | void;
  /** After the member left: they may no longer edit, so the page takes them elsewhere. */
  onLeft: () => Promise<void> | void;
}

type Pending = { kind: 'remove'; member: NamedUser | undefined; id: string } | { kind: 'leave' } | null;

/**
 * The panel's body (coauthors-panel.tsx loads it with the edit page's panels, keeping the edit screen's
 * own chunk within its budget). A post's co-authors for its contributors (PRODUCT.md §15): who writes it (the first author marked), who
 * is invited and has not answered, and a username field to invite more. Remove and Leave appear only
 * where the server allows them: the first author removes others; anyone leaves while others remain.
 */
export function CoauthorsPanelBody({ post: saved, onChanged, onLeft }: CoauthorsPanelProps) {
  const postId = saved.id;
  const { user } = useSession();
  const me = user?.id ?? '';
  const post = useContributors(postId, saved);
  const invitations = usePostInvitations(postId);
  const withdraw = useWithdrawInvitation(postId);
  const remove = useRemoveContributor(postId, onChanged);
  const leave = useLeavePost(postId, me, onLeft);
  const [confirming, setConfirming] = useState<Pending>(null);

  let body;
  if (post.isPending) body = <Text c="dimmed">{COAUTHOR_TEXTS.loading}</Text>;
  else if (!post.data) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(post.error)}
      </Text>
    );
  } else {
    const ids = post.data.contributors;
    const members = post.data.expand?.contributors ?? [];
    const firstAuthor = ids[0];
    const pending = invitations.data ?? [];
    const nameOf = (id: string) => {
      const member = members.find((candidate) => candidate.id === id);
      return member ? displayName(member) : COAUTHOR_TEXTS.someone;
    };
    body = (
      <>
        <Stack
          gap="xs"
          component="ul"
          aria-label={COAUTHOR_TEXTS.heading}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {ids.map((id) => {
            const member = members.find((candidate) => candidate.id === id);
            const name = member ? displayName(member) : COAUTHOR_TEXTS.someone;
            return (
              <MemberRow
                key={id}
                testId="contributor"
                member={member}
                fallback={COAUTHOR_TEXTS.someone}
                badge={id === firstAuthor ? COAUTHOR_TEXTS.firstAuthor : undefined}
                note={id === me ? COAUTHOR_TEXTS.you : undefined}
              >
                {id === me && ids.length > 1 && (
                  <Button size="xs" variant="default" onClick={() => setConfirming({ kind: 'leave' })}>
                    {COAUTHOR_TEXTS.leave}
                  </Button>
                )}
                {me === firstAuthor && id !== me && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${COAUTHOR_TEXTS.remove} ${name}`}
                    onClick={() => setConfirming({ kind: 'remove', member, id })}
                  >
                    {COAUTHOR_TEXTS.remove}
                  </Button>
                )}
              </MemberRow>
            );
          })}
        </Stack>
        {invitations.isError && (
          <Text c="red" role="alert">
            {errorMessage(invitations.error)}
          </Text>
        )}
        {pending.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {COAUTHOR_TEXTS.pendingHeading}
            </Title>
            <Stack
              gap="xs"
              component="ul"
              aria-label={COAUTHOR_TEXTS.pendingHeading}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {pending.map((invitation) => {
                const invitee = invitation.expand?.user;
                const name = invitee ? displayName(invitee) : COAUTHOR_TEXTS.someone;
                return (
                  <MemberRow
                    key={invitation.id}
                    testId="invitation"
                    member={invitee}
                    fallback={COAUTHOR_TEXTS.someone}
                    note={
                      invitation.inviter === me
                        ? undefined
                        : COAUTHOR_TEXTS.invitedBy(nameOf(invitation.inviter))
                    }
                  >
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`${COAUTHOR_TEXTS.withdraw} the invitation of ${name}`}
                      loading={withdraw.isPending && withdraw.variables === invitation.id}
                      onClick={() => withdraw.mutate(invitation.id)}
                    >
                      {COAUTHOR_TEXTS.withdraw}
                    </Button>
                  </MemberRow>
                );
              })}
            </Stack>
          </Stack>
        )}
        <InviteForm postId={postId} contributors={ids} me={me} />
      </>
    );
  }

  const removingName =
    confirming?.kind === 'remove' && confirming.member
      ? displayName(confirming.member)
      : COAUTHOR_TEXTS.someone;

  return (
    <Stack component="section" aria-labelledby="coauthors-heading" gap="sm" mt="xl" maw={640}>
      <Title order={2} id="coauthors-heading">
        {COAUTHOR_TEXTS.heading}
      </Title>
      <Text c="dimmed" size="sm">
        {COAUTHOR_TEXTS.intro}
      </Text>
      {body}
      <ConfirmDialog
        opened={confirming !== null}
        message={
          confirming?.kind === 'leave'
            ? COAUTHOR_TEXTS.leaveQuestion
            : COAUTHOR_TEXTS.removeQuestion(removingName)
        }
        confirmLabel={confirming?.kind === 'leave' ? COAUTHOR_TEXTS.leave : COAUTHOR_TEXTS.remove}
        busy={remove.isPending || leave.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          const done = {
            onSettled: () => setConfirming(null),
            onError: flashError,
          };
          if (confirming.kind === 'leave') {
            leave.mutate(undefined, done);
          } else {
            remove.mutate(confirming.id, {
              ...done,
              onSuccess: () => flash.success(COAUTHOR_TEXTS.removed(removingName)),
            });
          }
        }}
      />
    </Stack>
  );
}
