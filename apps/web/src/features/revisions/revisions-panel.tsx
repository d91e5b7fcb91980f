import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PagePagination } from '../../components/page-pagination';
import { PageLoader } from '../../components/page-loader';
import { flashError, showFlash } from '../../components/flash/flash-store';
import { displayName } from '../../lib/display-name';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useRevisions } from './api/get-revisions';
import { useRestoreRevision } from './api/restore-revision';
import type { RevisedText, RevisionRecord } from './api/types';

const RevisionCompare = lazy(() =>
  import('./revision-compare.lazy').then((m) => ({ default: m.RevisionCompare })),
);

export const REVISION_TEXTS = {
  heading: 'Revisions',
  intro: 'Every save keeps a revision. Compare one with the story as it is now, or restore it.',
  empty: 'No revisions yet.',
  current: 'Current version',
  sameAsNow: 'Same as now',
  compare: 'Compare',
  restore: 'Restore',
  confirmRestore:
    'Restore this revision? The story will read as it did then; what it says now stays in its revisions.',
  restored: 'The revision was restored.',
  compareTitle: (when: string) => `Revision of ${when} compared with the story now`,
};

const textOf = (revision: RevisionRecord): RevisedText => ({
  title: revision.title,
  description: revision.description,
  tags: revision.tags,
  content: revision.content,
});

const sameText = (a: RevisedText, b: RevisedText) =>
  a.title === b.title && a.description === b.description && a.tags === b.tags && a.content === b.content;

interface RevisionsPanelProps {
  postId: string;
  storyId: string;
  /** The story as it is saved now. */
  current: RevisedText;
  /** After a restore: the caller drops its stale copies (the edit form's draft, the cached story). */
  onRestored: () => Promise<void> | void;
}

/** A story's revisions for its contributors (PRODUCT.md §14): newest first, each to compare or restore. */
export function RevisionsPanel({ postId, storyId, current, onRestored }: RevisionsPanelProps) {
  const [page, setPage] = useState(1);
  const revisions = useRevisions(postId, page);
  const [comparing, setComparing] = useState<RevisionRecord | null>(null);
  const [restoring, setRestoring] = useState<RevisionRecord | null>(null);
  const restore = useRestoreRevision(storyId, onRestored);

  let body;
  if (revisions.isPending) body = <PageLoader />;
  else if (revisions.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(revisions.error)}
      </Text>
    );
  } else if (revisions.data.items.length === 0) body = <Text>{REVISION_TEXTS.empty}</Text>;
  else {
    body = (
      <Stack gap="xs">
        {revisions.data.items.map((revision, index) => {
          const editor = revision.expand?.editor;
          const isCurrent = sameText(textOf(revision), current);
          // The newest revision that reads as the story now is "the current version"; an older one that
          // reads the same (from before a restore) is just the same text, with nothing to restore.
          const isNewestCurrent =
            isCurrent &&
            page === 1 &&
            revisions.data.items.findIndex((item) => sameText(textOf(item), current)) === index;
          return (
            <Card key={revision.id} withBorder padding="sm" data-testid="revision">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{formatDateTime(revision.created)}</Text>
                    {isNewestCurrent ? (
                      <Badge variant="light" color="green">
                        {REVISION_TEXTS.current}
                      </Badge>
                    ) : (
                      isCurrent && (
                        <Badge variant="light" color="gray">
                          {REVISION_TEXTS.sameAsNow}
                        </Badge>
                      )
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {revision.title}
                    {editor ? ` · saved by ${displayName(editor)}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setComparing(revision)}
                    aria-label={`${REVISION_TEXTS.compare} the revision of ${formatDateTime(revision.created)}`}
                  >
                    {REVISION_TEXTS.compare}
                  </Button>
                  {!isCurrent && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setRestoring(revision)}
                      aria-label={`${REVISION_TEXTS.restore} the revision of ${formatDateTime(revision.created)}`}
                    >
                      {REVISION_TEXTS.restore}
                    </Button>
                  )}
                </Group>
              </Group>
            </Card>
          );
        })}
        <PagePagination page={page} totalPages={revisions.data.totalPages} onChange={setPage} />
      </Stack>
    );
  }

  return (
    <Stack component="section" aria-labelledby="revisions-heading" gap="sm" mt="xl">
      <Title order={2} id="revisions-heading">
        {REVISION_TEXTS.heading}
      </Title>
      <Text c="dimmed" size="sm">
        {REVISION_TEXTS.intro}
      </Text>
      {body}
      {comparing && (
        <Suspense fallback={null}>
          <RevisionCompare
            title={REVISION_TEXTS.compareTitle(formatDateTime(comparing.created))}
            revision={textOf(comparing)}
            current={current}
            onClose={() => setComparing(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={restoring !== null}
        message={REVISION_TEXTS.confirmRestore}
        confirmLabel={REVISION_TEXTS.restore}
        busy={restore.isPending}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          if (!restoring) return;
          restore.mutate(restoring, {
            onSuccess: () => {
              setRestoring(null);
              showFlash('success', REVISION_TEXTS.restored);
            },
            onError: (error) => {
              setRestoring(null);
              flashError(error);
            },
          });
        }}
      />
    </Stack>
  );
}
