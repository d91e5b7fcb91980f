/**
 * Every error a member's input can cause is a 4xx, on every dialect: JSON nesting deeper than a field
 * allows (as a JSON body, as a multipart text field and as `@jsonPayload`), and bodies larger than a
 * route reads, sent as the attacker sent them.
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT, ROUTE_BODY_LIMITS } from '../../src/apis/body-limits';
import { MAX_JSON_DEPTH } from '../../src/tools/json-depth';
import { buildCommunity, CAST, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';
import { formBody } from '../support/form-body';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describeEachDialect('bounded input', (get) => {
  let community: Community;
  let draftId = '';
  const asBob = (payload: string, headers: Record<string, string>, url = '/api/collections/drafts/records') =>
    community.server.inject({
      method: 'POST',
      url,
      headers: { authorization: community.token('bob')!, ...headers },
      payload,
    });
  const draftJson = (data: string) =>
    asBob(`{"user":"${CAST.bob}","type":"story","data":${data}}`, { 'content-type': 'application/json' });

  it('builds the community', async () => {
    community = await buildCommunity(get());
  });

  it('refuses a draft whose data nests 100,000 arrays deep with a 400 naming the field', async () => {
    const res = await draftJson(nested(100_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      data: { data: { code: 'validation_json_depth_limit', params: { max: MAX_JSON_DEPTH } } },
    });
  });

  it('refuses the same value sent as a multipart field and inside @jsonPayload', async () => {
    const field = formBody({ user: CAST.bob, type: 'story', data: nested(100_000) });
    const asField = await asBob(field.body, field.headers);
    expect(asField.statusCode, asField.body).toBe(400);
    expect(asField.json()).toMatchObject({ data: { data: { code: 'validation_json_depth_limit' } } });

    const payload = formBody({
      '@jsonPayload': `{"user":"${CAST.bob}","type":"story","data":${nested(100_000)}}`,
    });
    const asPayload = await asBob(payload.body, payload.headers);
    expect(asPayload.statusCode, asPayload.body).toBe(400);
    expect(asPayload.json()).toMatchObject({ data: { data: { code: 'validation_json_depth_limit' } } });
  });

  it('keeps a draft whose data nests as deep as allowed', async () => {
    const res = await draftJson(`[${nested(MAX_JSON_DEPTH - 1)}]`);
    expect(res.statusCode, res.body).toBe(200);
    draftId = res.json<{ id: string }>().id;
    const deeper = await draftJson(`[${nested(MAX_JSON_DEPTH)}]`);
    expect(deeper.statusCode, deeper.body).toBe(400);
  });

  it('answers 413 to a 30 MB JSON body before parsing it, and takes a story-sized one', async () => {
    const huge = await draftJson(`"${'a'.repeat(30 * 1024 * 1024)}"`);
    expect(huge.statusCode, huge.body.slice(0, 200)).toBe(413);
    expect(huge.json()).toEqual({ status: 413, message: 'Request entity too large', data: {} });
    // A 2 MB story in a draft is what the record routes read.
    const story = await community.server.inject({
      method: 'PATCH',
      url: `/api/collections/drafts/records/${draftId}`,
      headers: { authorization: community.token('bob')!, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { content: 'é'.repeat(1_000_000) } }),
    });
    expect(story.statusCode, story.body.slice(0, 200)).toBe(200);
  });

  it('closes the connection after refusing a 30 MB body, without reading the rest of it', async () => {
    const address = await community.server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    const answer: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => answer.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      [
        'POST /api/collections/drafts/records HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: ${community.token('bob')!}`,
        'Content-Type: application/json',
        `Content-Length: ${30 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n') + `{"data":"${'a'.repeat(64 * 1024)}`,
    );
    // The client sends no more: the server must answer and hang up on its own.
    await closed;
    const head = Buffer.concat(answer).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });

  it('reads no more than 1 MiB on routes that need little: sign-in and account mails', async () => {
    const padding = 'x'.repeat(DEFAULT_BODY_LIMIT);
    for (const path of ['auth-with-password', 'request-password-reset']) {
      const res = await community.server.inject({
        method: 'POST',
        url: `/api/collections/users/${path}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ identity: 'bob', email: 'bob@example.com', password: padding }),
      });
      expect(res.statusCode, path).toBe(413);
    }
    expect(ROUTE_BODY_LIMITS['/api/collections/:collection/records']).toBeGreaterThan(DEFAULT_BODY_LIMIT);
  });

  it('closes the community', async () => {
    await community.server.close();
  });
});
