import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { siteConfig } from '../../lib/config';
import { usePageTitle } from '../../lib/use-page-title';
import { usePage } from './api/get-page';

export const HOME_SLUG = 'home';
const FALLBACK_TITLE = 'Home';

/**
 * The home page: the "home" page record's title and content. Unlike the other content pages the front
 * door never shows "not found": without a record (or while the server lacks pages) it shows the site's
 * name and one line about it. `aboveContent` is what the app puts above it (members' pinned threads).
 */
export function HomePage({ aboveContent }: { aboveContent?: ReactNode }) {
  const page = usePage(HOME_SLUG);
  usePageTitle(page.data?.title ?? FALLBACK_TITLE);

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    return (
      <Stack>
        {aboveContent}
        <Title order={1}>{siteConfig.title}</Title>
        <Text>A members-only community for size-difference fiction and art.</Text>
      </Stack>
    );
  }
  return (
    <Stack>
      {aboveContent}
      <Stack component="article">
        <Title order={1}>{page.data.title}</Title>
        <HtmlContent html={page.data.content} />
      </Stack>
    </Stack>
  );
}
