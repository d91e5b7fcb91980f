/**
 * PRODUCT.md §15 "Message attachments are protected files": whoever learns an attachment's URL gets
 * nothing without a file token of the sender or the recipient.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { multipart } from '../files/support';
import { CAST, buildCommunity, type Community, type Role } from '../support/community';

describeEachDialect('message attachments are protected (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let url = '';

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    const { payload, headers } = await multipart([
      ['from', CAST.bob],
      ['to', CAST.alice],
      ['content', 'A photo for you'],
      ['attachments', { name: 'private.txt', content: Buffer.from('for alice only'), type: 'text/plain' }],
    ]);
    const res = await community.server.inject({
      method: 'POST',
      url: '/api/collections/messages/records',
      payload,
      headers: { ...headers, authorization: community.token('bob')! },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json<{ id: string; attachments: string[] }>();
    url = `/api/files/messages/${message.id}/${message.attachments[0]}`;
  });
  afterAll(async () => {
    await community.server.close();
  });

  const fileToken = async (role: Role) =>
    (
      await community.server.inject({
        method: 'POST',
        url: '/api/files/token',
        headers: { authorization: community.token(role)! },
      })
    ).json<{ token: string }>().token;

  it('without a token the attachment is not served, to anyone', async () => {
    expect((await community.server.inject({ url })).statusCode).toBe(404);
  });

  it("a third member's file token does not open it; the sender's and the recipient's do", async () => {
    expect(
      (await community.server.inject({ url: `${url}?token=${await fileToken('mod')}` })).statusCode,
    ).toBe(404);
    for (const role of ['bob', 'alice'] as const) {
      const res = await community.server.inject({ url: `${url}?token=${await fileToken(role)}` });
      expect(res.statusCode, role).toBe(200);
      expect(res.body).toBe('for alice only');
    }
  });
});
