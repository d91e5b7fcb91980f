import { SimpleGrid } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';

// Each editor is loaded with the section, on its own: their forms, dialogs and page previews are not
// needed for the dashboard's counts, and labels and pages only ever load for admins.
const SiteTags = lazy(() => import('./site-tags').then((m) => ({ default: m.SiteTags })));
const SiteLabels = lazy(() => import('./site-labels').then((m) => ({ default: m.SiteLabels })));
const SitePages = lazy(() => import('./site-pages').then((m) => ({ default: m.SitePages })));

/** The dashboard's "Manage the site" editors: tags for every moderator, labels and pages for admins. */
export function SiteManagement({ admin }: { admin: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Suspense fallback={<PageLoader />}>
        <SiteTags />
      </Suspense>
      {admin && (
        <>
          <Suspense fallback={<PageLoader />}>
            <SiteLabels />
          </Suspense>
          <Suspense fallback={<PageLoader />}>
            <SitePages />
          </Suspense>
        </>
      )}
    </SimpleGrid>
  );
}
