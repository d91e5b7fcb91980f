import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReportDialog } from '../../components/report/report-dialog';
import { canEditPost } from '../../lib/permissions';
import type { PostRecord } from '../../lib/posts/types';
import { useSession } from '../../lib/session';
import { ADD_STORY_TEXT, EDIT_SERIES_TEXT } from './series-texts';

/**
 * "Edit Series" and "Add a Story To This Series" for contributors only (spec part 1 §2 and §6); Report
 * for everyone else (spec part 2 §2).
 */
export function SeriesActions({ seriesId, post }: { seriesId: string; post: PostRecord }) {
  const session = useSession();
  const [reporting, setReporting] = useState(false);
  if (!session.user) return null;
  if (canEditPost(session, post)) {
    return (
      <Group gap="xs">
        <Button component={Link} to={`/series/edit/${seriesId}`} variant="default" size="xs">
          {EDIT_SERIES_TEXT}
        </Button>
        <Button component={Link} to={`/stories/submit?series=${seriesId}`} variant="light" size="xs">
          {ADD_STORY_TEXT}
        </Button>
      </Group>
    );
  }
  return (
    <>
      <Button variant="subtle" color="gray" size="xs" onClick={() => setReporting(true)}>
        Report
      </Button>
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        target="post"
        targetId={post.id}
        title="Report Series"
        question="Why are you reporting this series?"
      />
    </>
  );
}
