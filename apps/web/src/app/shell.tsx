import { Anchor, AppShell, Burger, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink as RouterNavLink, Outlet } from 'react-router';
import { siteConfig } from '../lib/config';

const NAV_ITEMS = [
  { to: '/forums', label: 'Forums' },
  { to: '/stories', label: 'Stories' },
  { to: '/search', label: 'Search' },
];

const FOOTER_LINKS = [
  { to: '/site/news', label: 'News' },
  { to: '/site/roadmap', label: 'Roadmap' },
  { to: '/help/faq', label: 'FAQ' },
  { to: '/help/rules', label: 'Rules' },
  { to: '/help/content-guidelines', label: 'Content Guidelines' },
];

/** The frame around every page: header with the logo, side navigation, footer. */
export function Shell() {
  const [opened, { toggle }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor component={Link} to="/" underline="never" aria-label={`${siteConfig.title} home`}>
              <Title order={3}>{siteConfig.title}</Title>
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        {NAV_ITEMS.map((item) => (
          <NavLink key={item.to} component={RouterNavLink} to={item.to} label={item.label} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
        <Group component="footer" mt="xl" gap="md" aria-label="Site links">
          {FOOTER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
          <Text size="sm" c="dimmed">
            Adults (18+) only.
          </Text>
        </Group>
      </AppShell.Main>
    </AppShell>
  );
}
