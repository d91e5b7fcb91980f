import { Anchor, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { siteConfig } from '../../lib/config';

// Development-only tooling: its own chunk, never fetched by a production build.
const DebugMenu = lazy(() => import('./debug-menu').then((m) => ({ default: m.DebugMenu })));

const PAGE_LINKS = [
  { to: '/site/news', label: 'News' },
  { to: '/site/roadmap', label: 'Roadmap' },
  { to: '/help/faq', label: 'FAQ' },
  { to: '/help/rules', label: 'Rules' },
  { to: '/help/content-guidelines', label: 'Content Guidelines' },
];

/**
 * The patron-support page and chat community live elsewhere; the server tells their addresses
 * (PATRON_URL, CHAT_URL), and a link without one is left out.
 */
function externalLinks(): Array<{ href: string; label: string }> {
  return [
    { href: siteConfig.patronUrl, label: 'Support Us' },
    { href: siteConfig.chatUrl, label: 'Chat Community' },
  ].filter((link): link is { href: string; label: string } => link.href !== undefined);
}

/** The footer links of spec part 1 §2, and the debug menu outside production. */
export function Footer() {
  const EXTERNAL_LINKS = externalLinks();
  return (
    <Group component="footer" mt="xl" gap="md" aria-label="Site links">
      {EXTERNAL_LINKS.map((link) => (
        <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
          {link.label}
        </Anchor>
      ))}
      {PAGE_LINKS.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
      <Text size="sm" c="dimmed">
        Adults (18+) only.
      </Text>
      {!siteConfig.production && (
        <Suspense fallback={null}>
          <DebugMenu />
        </Suspense>
      )}
    </Group>
  );
}
