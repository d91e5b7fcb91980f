import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { communityCollections } from '../../src/collections';
import type { Core } from '../../src/core';
import { ensureCollections } from '../../src/site/ensure-collections';
import { createTestServer } from '../support/app';
import { describeEachDialect } from '../support/databases';

describeEachDialect('community collections', (getDb) => {
  let core!: Core;
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await createTestServer(getDb().db, { onCore: (c) => (core = c) });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates every collection of the spec on an empty database', async () => {
    const report = await ensureCollections(core, communityCollections);
    expect(report.created.sort()).toEqual(communityCollections.map((c) => c.name).sort());
    for (const definition of communityCollections)
      expect(core.registry.find(definition.name)?.type ?? 'base').toBe(definition.type ?? 'base');
    expect(core.registry.find('users')?.id).toBe('_pb_users_auth_');
  });

  it('does nothing on the next start', async () => {
    const report = await ensureCollections(core, communityCollections);
    expect(report).toEqual({ created: [], updated: [] });
  });

  it('resolves relations both ways (users.profile and profiles.user)', () => {
    const users = core.registry.find('users')!;
    const profiles = core.registry.find('profiles')!;
    expect(users.fields.find((f) => f.name === 'profile')).toMatchObject({
      type: 'relation',
      collectionId: profiles.id,
    });
    expect(profiles.fields.find((f) => f.name === 'user')).toMatchObject({
      type: 'relation',
      collectionId: users.id,
    });
  });

  it('serves the views', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/collections/forum_post_counts/records' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalItems: 0 });
  });
});
