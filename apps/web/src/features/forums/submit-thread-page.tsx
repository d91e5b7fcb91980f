import { Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { canEditPost } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import type { ThreadRecord } from './api/forum-lists';
import { useForum } from './api/get-forum';
import { useThread } from './api/get-thread';
import { useSaveThread } from './api/save-thread';
import { MISSING_FORUM_TEXT, MISSING_THREAD_TEXT, SUBMIT_BUTTON_TEXT } from './forum-texts';
import { ThreadForm } from './thread-form';

function NewThread({ forumId, userId }: { forumId: string; userId: string }) {
  const save = useSaveThread(forumId, userId);
  return (
    <ThreadForm
      submitLabel="Submit Post"
      saving={save.isPending}
      refusal={save.error}
      onSave={(values) => save.mutate(values)}
    />
  );
}

function EditThread({ thread, userId }: { thread: ThreadRecord; userId: string }) {
  const save = useSaveThread(thread.forum, userId, thread);
  const post = thread.expand?.post;
  return (
    <ThreadForm
      initialValues={{ title: post?.title ?? '', content: thread.content, files: [], removedFiles: [] }}
      attached={post ? { owner: post, files: post.attachments ?? [] } : undefined}
      submitLabel="Save Post"
      saving={save.isPending}
      refusal={save.error}
      onSave={(values) => save.mutate(values)}
    />
  );
}

/** ?edit={threadId}: one's own thread in the same form; anyone else's is not offered. */
function EditThreadLoader({ threadId, userId }: { threadId: string; userId: string }) {
  const session = useSession();
  const thread = useThread(threadId);
  if (thread.isPending) return <PageLoader />;
  if (thread.isError) {
    return (
      <Text role="alert">
        {isNotFoundError(thread.error) ? MISSING_THREAD_TEXT : errorMessage(thread.error)}
      </Text>
    );
  }
  const post = thread.data.expand?.post;
  if (!post || !canEditPost(session, post)) return <Text>Only the authors of a post may edit it.</Text>;
  return <EditThread thread={thread.data} userId={userId} />;
}

/**
 * /forums/{forumId}/submit (spec part 1 §2): a new thread's title, content and attachments; with
 * ?edit={threadId} the same form edits one's own thread.
 */
export function SubmitThreadPage() {
  const { forumId = '' } = useParams();
  const [params] = useSearchParams();
  const editId = params.get('edit') ?? '';
  const { user } = useSession();
  const forum = useForum(forumId);
  const heading = editId ? 'Edit Post' : SUBMIT_BUTTON_TEXT;
  usePageTitle(heading);

  if (!user) return null;
  let body;
  if (forum.isPending) body = <PageLoader />;
  else if (forum.isError) {
    body = (
      <Text role="alert">
        {isNotFoundError(forum.error) ? MISSING_FORUM_TEXT : errorMessage(forum.error)}
      </Text>
    );
  } else if (editId) body = <EditThreadLoader threadId={editId} userId={user.id} />;
  else body = <NewThread forumId={forumId} userId={user.id} />;

  return (
    <Stack>
      <Title order={1}>{heading}</Title>
      {forum.data && <Text c="dimmed">in {forum.data.name}</Text>}
      {body}
    </Stack>
  );
}
