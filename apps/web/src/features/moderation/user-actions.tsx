import { Button, Checkbox, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ROLES, parseRoles, type Role } from '../../lib/roles';
import { ACCOUNT_REMOVAL_TEXTS, useDeleteUserAccount, type AccountRemoval } from './api/delete-user-account';
import { USER_CHANGE_TEXTS, useUpdateUser } from './api/update-user';
import type { DirectoryUser } from './api/get-users';

/** Ban or lift a ban, with the reason the moderation log keeps. */
function BanForm({ user, name, onDone }: { user: DirectoryUser; name: string; onDone: () => void }) {
  const update = useUpdateUser();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const kind = user.is_banned ? 'unban' : 'ban';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setMissing(true);
        update.mutate({ user: user.id, kind, reason }, { onSuccess: onDone });
      }}
    >
      <Stack>
        <Textarea
          label="Reason"
          description={
            kind === 'ban'
              ? `Why ${name} is banned; their sessions end at once.`
              : `Why the ban on ${name} is lifted.`
          }
          required
          rows={3}
          value={reason}
          error={missing ? USER_CHANGE_TEXTS.reasonRequired : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" color={kind === 'ban' ? 'red' : 'green'} loading={update.isPending}>
            {kind === 'ban' ? 'Ban' : 'Unban'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An admin's choice of a member's staff roles. */
function RolesForm({ user, onDone }: { user: DirectoryUser; onDone: () => void }) {
  const update = useUpdateUser();
  const [roles, setRoles] = useState<Role[]>(parseRoles(user.roles));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ user: user.id, kind: 'roles', roles }, { onSuccess: onDone });
      }}
    >
      <Stack>
        <Checkbox.Group label="Roles" value={roles} onChange={(value) => setRoles(parseRoles(value))}>
          <Stack gap="xs" mt="xs">
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={role} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * An admin deletes the account at once (no grace period), choosing what becomes of the member's works
 * and discussions as members do for their own, with the reason the moderation log keeps.
 */
function DeleteAccountForm({
  user,
  name,
  onDone,
}: {
  user: DirectoryUser;
  name: string;
  onDone: () => void;
}) {
  const remove = useDeleteUserAccount();
  const [choice, setChoice] = useState<Pick<AccountRemoval, 'works' | 'discussions'>>({
    works: 'orphan',
    discussions: 'keep',
  });
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      aria-label={`Delete the account of ${name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setMissing(true);
        remove.mutate({ user: user.id, ...choice, reason }, { onSuccess: onDone });
      }}
    >
      <Stack>
        <Radio.Group
          label="Their stories and series"
          value={choice.works}
          onChange={(works) => setChoice({ ...choice, works: works === 'delete' ? 'delete' : 'orphan' })}
        >
          <Stack gap={4} mt={4}>
            <Radio value="orphan" label='Keep them, shown as by "orphaned"' />
            <Radio value="delete" label="Delete them" />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label="Their comments and forum posts"
          value={choice.discussions}
          onChange={(discussions) =>
            setChoice({ ...choice, discussions: discussions === 'delete' ? 'delete' : 'keep' })
          }
        >
          <Stack gap={4} mt={4}>
            <Radio value="keep" label='Keep them, shown as by "deleted member"' />
            <Radio value="delete" label="Delete those nobody answered" />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Reason"
          description={`Why the account of ${name} is deleted. It is erased at once and cannot be restored.`}
          required
          rows={3}
          value={reason}
          error={missing ? ACCOUNT_REMOVAL_TEXTS.reasonRequired : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            Delete account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The row's actions: moderators ban and unban; only admins see the roles control and account deletion
 * (the server agrees).
 */
export function UserActions({
  user,
  name,
  canChangeRoles,
}: {
  user: DirectoryUser;
  name: string;
  canChangeRoles: boolean;
}) {
  const [open, setOpen] = useState<'ban' | 'roles' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-xs"
        variant="light"
        color={user.is_banned ? 'green' : 'red'}
        onClick={() => setOpen('ban')}
      >
        {user.is_banned ? 'Unban' : 'Ban'}
      </Button>
      {canChangeRoles && (
        <Button size="compact-xs" variant="light" onClick={() => setOpen('roles')}>
          Roles
        </Button>
      )}
      {canChangeRoles && (
        <Button size="compact-xs" variant="light" color="red" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      )}
      <Modal
        opened={open !== null}
        onClose={close}
        centered
        title={
          open === 'roles'
            ? `Roles of ${name}`
            : open === 'delete'
              ? `Delete the account of ${name}`
              : `${user.is_banned ? 'Unban' : 'Ban'} ${name}`
        }
      >
        {open === 'ban' && <BanForm user={user} name={name} onDone={close} />}
        {open === 'roles' && <RolesForm user={user} onDone={close} />}
        {open === 'delete' && <DeleteAccountForm user={user} name={name} onDone={close} />}
      </Modal>
    </Group>
  );
}
