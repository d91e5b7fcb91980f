import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { canEditPost } from '../../lib/permissions';
import { sizesOf } from '../../lib/posts/sizes';
import type { PostRecord, SeriesRecord } from '../../lib/posts/types';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { chaptersOf, useSeries } from './api/get-series';
import { useSaveSeries, type SeriesValues } from './api/save-series';
import { SeriesForm } from './series-form';
import { WithDraft } from '../../components/drafts/draft-bar';
import type { DraftKey } from '../../lib/drafts/drafts';
import { CONTRIBUTORS_ONLY_TEXT, EDIT_SERIES_TEXT, MISSING_SERIES_TEXT } from './series-texts';

function valuesOf(series: SeriesRecord, post: PostRecord): SeriesValues {
  return {
    title: post.title,
    description: post.description,
    labels: post.labels ?? [],
    tags: (post.expand?.tags ?? []).map((tag) => tag.name).join(', '),
    sizes: sizesOf(post),
    // Every listed chapter stays, also one still in review that only its own author can see.
    chapters: series.stories,
    files: [],
    removedFiles: [],
  };
}

function EditForm({ series, post, userId }: { series: SeriesRecord; post: PostRecord; userId: string }) {
  const draftKey: DraftKey = { userId, type: 'series', post: post.id };
  const save = useSaveSeries(userId, { id: series.id, post }, draftKey);
  return (
    <WithDraft draftKey={draftKey}>
      {(record) => (
        <SeriesForm
          userId={userId}
          seriesId={series.id}
          initialValues={valuesOf(series, post)}
          draft={{ key: draftKey, record }}
          currentChapters={chaptersOf(series)}
          attachedFiles={post.attachments ?? []}
          submitLabel="Save Series"
          saving={save.isPending}
          refusal={save.error}
          onSave={(values) => save.mutate(values)}
        />
      )}
    </WithDraft>
  );
}

/** What the edit screen lends the panels under the form: the series and its post as saved. */
export interface SeriesEditTarget {
  series: SeriesRecord;
  post: PostRecord;
}

interface EditSeriesPageProps {
  /** The series' co-authors (composed by app/screens: another feature's), under the form. */
  renderCoauthors?: (target: SeriesEditTarget) => ReactNode;
}

/** /series/edit/{id} (spec part 1 §2): the series form filled in, for its contributors only (§6). */
export function EditSeriesPage({ renderCoauthors }: EditSeriesPageProps = {}) {
  usePageTitle(EDIT_SERIES_TEXT);
  const { id = '' } = useParams();
  const series = useSeries(id);
  const session = useSession();
  const post = series.data?.expand?.post;

  let body;
  if (series.isPending) body = <PageLoader />;
  else if (series.isError && !isNotFoundError(series.error)) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(series.error)}
      </Text>
    );
  } else if (!series.data || !post) body = <Text>{MISSING_SERIES_TEXT}</Text>;
  else if (!session.user || !canEditPost(session, post)) body = <Text>{CONTRIBUTORS_ONLY_TEXT}</Text>;
  else {
    body = (
      <>
        <EditForm key={series.data.id} series={series.data} post={post} userId={session.user.id} />
        {renderCoauthors?.({ series: series.data, post })}
      </>
    );
  }

  return (
    <Stack>
      <Title order={1}>{EDIT_SERIES_TEXT}</Title>
      {body}
    </Stack>
  );
}
