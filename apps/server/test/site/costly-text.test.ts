/**
 * Text that made tag stripping take hours (issue 41): a member's own draft of 2 MB of unclosed `<` or
 * `<script`, then an excerpt of it (`?fields=content:excerpt(20)`), and a message of 50 KB of `<`,
 * whose conversation keeps a summary of it. Each answers, with the text as written (a `<` that is
 * never closed is text), on both dialects.
 */
import { beforeAll, afterAll, expect, it } from 'vitest';
import { communityWithMember, CAST, type apiCaller, type Caller, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';

const MB = 1024 * 1024;

describeEachDialect('stored text with unclosed tags', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let carol: Caller;
  let carolId = '';

  beforeAll(async () => {
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));
    // Building the community takes long on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await community?.server.close();
  });

  it.each([
    ['2 MB of "<"', '<'.repeat(2 * MB - 16), `${'<'.repeat(20)}...`],
    ['2 MB of "<script "', '<script '.repeat(MB / 4 - 2), '<script <script <scr...'],
  ])(
    'an excerpt of a draft of %s answers',
    async (_, content, expected) => {
      const post = await call(carol, 'POST', 'collections/posts/records', {
        type: 'story',
        title: 'Unclosed',
        contributors: [carolId],
      });
      expect(post.statusCode, post.body).toBe(200);
      const story = await call(carol, 'POST', 'collections/stories/records', {
        post: post.json<{ id: string }>().id,
        content,
      });
      expect(story.statusCode, story.body).toBe(200);
      const id = story.json<{ id: string }>().id;
      const listed = await call(
        carol,
        'GET',
        `collections/stories/records?filter=${encodeURIComponent(`id = "${id}"`)}&fields=id,content:excerpt(20,true)`,
      );
      expect(listed.statusCode, listed.body.slice(0, 300)).toBe(200);
      expect(listed.json<{ items: unknown[] }>().items).toEqual([{ id, content: expected }]);
    },
    120_000,
  );

  it("a message of 50 KB of '<' is sent, and its conversation's summary holds its text", async () => {
    const sent = await call(carol, 'POST', 'collections/messages/records', {
      from: carolId,
      to: CAST.alice,
      content: '<'.repeat(50_000),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversations = await call(carol, 'GET', 'collections/conversations/records');
    expect(conversations.statusCode, conversations.body).toBe(200);
    const [conversation] = conversations.json<{ items: Array<{ lastMessageContent: string }> }>().items;
    expect(conversation?.lastMessageContent).toBe('<'.repeat(200));
  }, 120_000);
});
