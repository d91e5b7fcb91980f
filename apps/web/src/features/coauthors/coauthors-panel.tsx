import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CoauthorsPanelProps } from './coauthors-panel.lazy';
import { COAUTHOR_TEXTS } from './coauthor-texts';

// The panel sits under the edit form, below the fold: loaded on its own, so the edit screens' chunks stay
// within their budget (PRODUCT.md §9).
const CoauthorsPanelBody = lazy(() =>
  import('./coauthors-panel.lazy').then((m) => ({ default: m.CoauthorsPanelBody })),
);

/**
 * A post's co-authors on its edit page (PRODUCT.md §15): the contributors (the first author marked), the
 * invitations not yet answered with Withdraw, a username field to invite, and Remove / Leave where the
 * server allows them. Composed into the story and series edit pages by app/screens.
 */
export function CoauthorsPanel(props: CoauthorsPanelProps) {
  return (
    <Suspense fallback={<Text c="dimmed">{COAUTHOR_TEXTS.loading}</Text>}>
      <CoauthorsPanelBody {...props} />
    </Suspense>
  );
}
