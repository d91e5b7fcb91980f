/**
 * The comments endpoint as the server answers the thread's reads, over a list of comment records in
 * oldest-first order: a page of top-level comments (`reply = ""`, with the count of those before a given
 * one when the filter asks), every reply under given roots (`root = "…"`), and a comment by id. Roots are
 * worked out from `reply` like the server keeps them. The list may grow while a test runs.
 */
import { fakeApi, listOf, NOT_FOUND_BODY, type FakeRequest } from './fake-api';
import { COMMENTS } from './story-fixtures';

interface ServedComment {
  id: string;
  reply: string;
  created: string;
  target: string;
}

function rootOf(comment: ServedComment, byId: Map<string, ServedComment>): string {
  let current = comment;
  for (let hops = 0; current.reply && byId.has(current.reply) && hops < byId.size; hops++) {
    current = byId.get(current.reply)!;
  }
  return current.id;
}

function answerList(comments: readonly ServedComment[], { query }: FakeRequest) {
  const filter = query.get('filter') ?? '';
  const page = Number(query.get('page') ?? 1);
  const perPage = Number(query.get('perPage') ?? 30);
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const withRoots = comments.map((comment) => ({
    ...comment,
    root: comment.reply ? rootOf(comment, byId) : '',
  }));
  const roots = [...filter.matchAll(/root = "([^"]+)"/g)].map((match) => match[1]!);
  let items = withRoots;
  if (roots.length) items = withRoots.filter((comment) => roots.includes(comment.root));
  else if (filter.includes('reply = ""')) {
    items = withRoots.filter((comment) => !comment.reply);
    const before = /id < "([^"]+)"/.exec(filter);
    if (before)
      items = items.slice(
        0,
        items.findIndex((comment) => comment.id === before[1]),
      );
  }
  const start = (page - 1) * perPage;
  return { body: listOf(items.slice(start, start + perPage), { page, perPage, totalItems: items.length }) };
}

export function serveComments(comments: ServedComment[]): void {
  fakeApi.on('GET', COMMENTS, (request) => answerList(comments, request));
  for (const comment of comments) {
    fakeApi.on('GET', `${COMMENTS}/${comment.id}`, () => {
      const found = comments.find((c) => c.id === comment.id);
      if (!found) return { status: 404, body: NOT_FOUND_BODY };
      const byId = new Map(comments.map((c) => [c.id, c]));
      return { body: { ...found, root: found.reply ? rootOf(found, byId) : '' } };
    });
  }
}
