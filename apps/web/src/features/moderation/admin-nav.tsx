import { Badge, Box, Text } from '@mantine/core';
import { NavItem } from '../../components/nav-item';
import { formatCount } from '../../lib/format';
import { useAdminCount, type AdminCount } from './api/get-admin-counts';

const ADMIN_LINKS: { to: string; label: string; count?: AdminCount }[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/content-queue', label: 'Content Queue', count: 'submittedPosts' },
  { to: '/admin/report-queue', label: 'Report Queue', count: 'openReports' },
  { to: '/admin/users', label: 'Users', count: 'users' },
];

/** A count badge: "?" until the number is known (also when the server cannot answer), then "1,234". */
function CountBadge({ name }: { name: AdminCount }) {
  const count = useAdminCount(name);
  return (
    <Badge size="sm" variant="light" data-testid={`admin-count-${name}`}>
      {count.isSuccess ? formatCount(count.data) : '?'}
    </Badge>
  );
}

/** The moderators' navigation (spec part 2 §2 "Admin pages"); the shell shows it to moderators only. */
export function AdminNav() {
  return (
    <Box component="nav" aria-label="Admin navigation" mt="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
        Admin
      </Text>
      {ADMIN_LINKS.map((link) => (
        <NavItem
          key={link.to}
          to={link.to}
          end
          label={link.label}
          rightSection={link.count ? <CountBadge name={link.count} /> : undefined}
        />
      ))}
    </Box>
  );
}
