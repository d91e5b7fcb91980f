import { Stack, Title } from '@mantine/core';
import { HtmlContent } from '../../components/html-content';
import { usePageTitle } from '../../lib/use-page-title';
import { usePage } from './api/get-page';

interface PageIntroProps {
  slug: string;
  /** The heading while the record loads, or when there is none: the form below must never wait for it. */
  fallbackTitle: string;
}

/**
 * The intro text above a screen of its own (login, register, forgot password): the `pages` record's
 * title and sanitised content. Unlike a content page it never replaces the screen with "not found" or an
 * error; without a record only the fallback title shows.
 */
export function PageIntro({ slug, fallbackTitle }: PageIntroProps) {
  const page = usePage(slug);
  const title = page.data?.title || fallbackTitle;
  usePageTitle(title);
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      {page.data?.content ? <HtmlContent html={page.data.content} /> : null}
    </Stack>
  );
}
