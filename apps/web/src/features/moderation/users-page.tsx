import { Anchor, Badge, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useQueryUpdates } from '../../lib/use-query-updates';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, pageNumber } from '../../components/page-pagination';
import { displayName } from '../../lib/display-name';
import { formatCount, formatDate } from '../../lib/format';
import { isAdmin, parseRoles } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import {
  USER_SORT_FIELDS,
  sortParam,
  useUsers,
  type SortDirection,
  type UserSortField,
} from './api/get-users';
import { UserActions } from './user-actions';
import { LoadFailed } from '../../components/errors/load-failed';

const COLUMNS: { label: string; sort?: UserSortField }[] = [
  { label: 'Username', sort: 'username' },
  { label: 'Display name' },
  { label: 'Roles' },
  { label: 'Verified', sort: 'verified' },
  { label: 'Banned', sort: 'is_banned' },
  { label: 'Joined', sort: 'created' },
  { label: 'Actions' },
];

/** `sortBy` and `sortDirection` (spec part 2 §2); anything else falls back to created ascending. */
function sortOf(params: URLSearchParams): { field: UserSortField; direction: SortDirection } {
  const by = params.get('sortBy') as UserSortField | null;
  const field = by && USER_SORT_FIELDS.includes(by) ? by : 'created';
  return { field, direction: params.get('sortDirection') === 'desc' ? 'desc' : 'asc' };
}

/** /admin/users (spec part 2 §2): every member, 100 per page, sortable; bans and (for admins) roles. */
export function UsersPage() {
  usePageTitle('Users');
  const session = useSession();
  const [params, update] = useQueryUpdates();
  const page = pageNumber(params.get('page'));
  const { field, direction } = sortOf(params);
  const users = useUsers(page, sortParam(field, direction));
  const admin = isAdmin(session.roles);

  const change = (next: Record<string, string | null>) =>
    update((query) => {
      for (const [key, value] of Object.entries(next)) {
        if (value === null) query.delete(key);
        else query.set(key, value);
      }
      return query;
    });
  const sortBy = (column: UserSortField) =>
    change({
      sortBy: column,
      sortDirection: column === field && direction === 'asc' ? 'desc' : 'asc',
      page: null,
    });

  let body;
  if (users.isPending) body = <PageLoader />;
  else if (users.isError) {
    body = <LoadFailed error={users.error} onRetry={() => void users.refetch()} />;
  } else if (users.data.items.length === 0) body = <Text>No members found.</Text>;
  else {
    body = (
      <Stack>
        <Text size="sm" c="dimmed">
          {formatCount(users.data.totalItems)} members
        </Text>
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => {
                  const sorted = column.sort === field;
                  return (
                    <Table.Th
                      key={column.label}
                      aria-sort={sorted ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {column.sort ? (
                        <UnstyledButton fw={700} fz="sm" onClick={() => sortBy(column.sort!)}>
                          {column.label}
                          {sorted ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.items.map((user) => {
                const name = displayName(user);
                const roles = parseRoles(user.roles);
                return (
                  <Table.Tr key={user.id} data-testid={`user-row-${user.username}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/profiles/${user.username}`}>
                        {user.username}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {roles.length === 0
                          ? 'member'
                          : roles.map((role) => (
                              <Badge key={role} size="sm" variant="light">
                                {role}
                              </Badge>
                            ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{user.verified ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      {user.is_banned ? (
                        <Badge color="red" size="sm">
                          Banned
                        </Badge>
                      ) : (
                        'No'
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(user.created)}</Table.Td>
                    <Table.Td>
                      {user.id === session.user?.id ? (
                        <Text size="xs" c="dimmed">
                          You
                        </Text>
                      ) : (
                        <UserActions user={user} name={name} canChangeRoles={admin} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PagePagination
          page={page}
          totalPages={users.data.totalPages}
          onChange={(next) => change({ page: next === 1 ? null : String(next) })}
        />
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Users</Title>
      {body}
    </Stack>
  );
}
