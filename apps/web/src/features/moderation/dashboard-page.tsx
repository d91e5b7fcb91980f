import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { displayName } from '../../lib/display-name';
import { formatCount, formatDateTime } from '../../lib/format';
import { isAdmin } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useAdminCount, type AdminCount } from './api/get-admin-counts';
import { useRecentDecisions } from './api/get-recent-decisions';
import { SiteManagement } from './site-management';
import { StaffChat } from './staff-chat';
import { LoadFailed } from '../../components/errors/load-failed';

const TILES: { count: AdminCount; label: string; to: string }[] = [
  { count: 'submittedPosts', label: 'Submitted posts', to: '/admin/content-queue' },
  { count: 'openReports', label: 'Open reports', to: '/admin/report-queue' },
  { count: 'users', label: 'Members', to: '/admin/users' },
];

function CountTile({ count, label, to }: (typeof TILES)[number]) {
  const value = useAdminCount(count);
  return (
    <Card withBorder component={Link} to={to}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`dashboard-count-${count}`}>
        {value.isSuccess ? formatCount(value.data) : '?'}
      </Text>
    </Card>
  );
}

function RecentDecisions() {
  const decisions = useRecentDecisions();
  let body;
  if (decisions.isPending) body = <PageLoader />;
  else if (decisions.isError) {
    body = <LoadFailed error={decisions.error} onRetry={() => void decisions.refetch()} />;
  } else if (decisions.data.length === 0) body = <Text c="dimmed">No moderation decisions yet.</Text>;
  else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {decisions.data.map((decision) => (
          <li key={decision.id}>
            <Text size="sm">
              <Text span fw={700}>
                {decision.moderator ? displayName(decision.moderator) : 'A moderator'}
              </Text>{' '}
              {decision.what}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(decision.when)}
              {decision.why ? ` · ${decision.why}` : ''}
            </Text>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder component="section" aria-labelledby="recent-decisions-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id="recent-decisions-title">
            Recent moderation decisions
          </Title>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}

/** /admin (spec part 2 §2, PRODUCT.md §13): the counts, recent decisions and the staff chat. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, roles } = useSession();
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TILES.map((tile) => (
          <CountTile key={tile.count} {...tile} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StaffChat userId={user?.id ?? ''} />
        <RecentDecisions />
      </SimpleGrid>
      <Title order={2}>Manage the site</Title>
      <SiteManagement admin={isAdmin(roles)} />
    </Stack>
  );
}
