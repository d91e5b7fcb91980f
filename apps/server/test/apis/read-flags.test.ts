/**
 * Fields sharing a `readRule` share one computed flag column (core/records/record.ts): each field
 * must still be shown or hidden by its own rule, whatever the others carry.
 */
import { beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { IDS, describeWithFixture } from '../support/fixture';

const OWNER_ONLY = 'owner = @request.auth.id';
const NOBODY = "@request.auth.id = 'nobody'";

describeWithFixture('read flags shared between fields', (fixture) => {
  beforeAll(async () => {
    const { core } = fixture();
    await core.collections.create({
      name: 'diaries',
      listRule: '',
      viewRule: '',
      fields: [
        { name: 'owner', type: 'relation', collectionId: 'members', maxSelect: 1 },
        { name: 'mood', type: 'text', readRule: OWNER_ONLY },
        { name: 'secret', type: 'text', readRule: NOBODY },
        { name: 'weight', type: 'number', readRule: OWNER_ONLY },
        { name: 'motto', type: 'text', readRule: '' },
        { name: 'title', type: 'text' },
      ],
    });
    await createRecord(
      core.records,
      core.registry.find('diaries')!,
      {
        id: 'diaryofalice001',
        owner: IDS.alice,
        mood: 'sunny',
        secret: 'hidden',
        weight: 61,
        motto: 'go',
        title: 't',
      },
      systemRequest(core.registry.find('_superusers')!),
    );
  });

  const view = async (who: 'alice' | 'bob') => {
    const { server, tokens } = fixture();
    const res = await server.inject({
      method: 'GET',
      url: '/api/collections/diaries/records/diaryofalice001',
      headers: { authorization: tokens[who] },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, unknown>>();
  };

  it('shows the owner both fields of the owner rule, and never the field of another rule', async () => {
    const json = await view('alice');
    expect(json).toMatchObject({ mood: 'sunny', weight: 61, motto: 'go', title: 't' });
    expect(json).not.toHaveProperty('secret');
  });

  it('hides both owner-only fields from another member', async () => {
    const json = await view('bob');
    expect(json).toMatchObject({ motto: 'go', title: 't' });
    for (const field of ['mood', 'weight', 'secret']) expect(json).not.toHaveProperty(field);
  });

  it('lists the same way', async () => {
    const { server, tokens } = fixture();
    const res = await server.inject({
      method: 'GET',
      url: '/api/collections/diaries/records',
      headers: { authorization: tokens.bob },
    });
    const [item] = res.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(item).toMatchObject({ motto: 'go' });
    for (const field of ['mood', 'weight', 'secret']) expect(item).not.toHaveProperty(field);
  });
});
