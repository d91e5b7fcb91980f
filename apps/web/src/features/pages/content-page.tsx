import { Stack, Title } from '@mantine/core';
import { ErrorView } from '../../components/errors/error-view';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { useRouteHandle } from '../../lib/route-handle';
import { usePageTitle } from '../../lib/use-page-title';
import { usePage } from './api/get-page';
import { NotFoundPage } from './not-found-page';

/** A page record's title and sanitised HTML content, the loader while it loads, 404 when there is none. */
export function ContentPage({ slug }: { slug: string }) {
  const page = usePage(slug);
  usePageTitle(page.data?.title);

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    return isNotFoundError(page.error) ? <NotFoundPage /> : <ErrorView message={errorMessage(page.error)} />;
  }
  return (
    <Stack component="article">
      <Title order={1}>{page.data.title}</Title>
      <HtmlContent html={page.data.content} />
    </Stack>
  );
}

/** The route screen form: the slug comes from the route's handle in the route table. */
export function ContentPageScreen() {
  const { slug = '' } = useRouteHandle();
  return <ContentPage slug={slug} />;
}
