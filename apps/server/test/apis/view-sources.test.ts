import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ViewSources } from '../../src/core/records/view-sources';
import { buildCommunity, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';

/**
 * The dependency keys a view collection's list is remembered on are what the database says its query
 * reads (core/records/view-sources.ts), so every write that can change its rows is one that reports them.
 */
describeEachDialect('view sources', (getDb) => {
  let community: Community;
  let sources: ViewSources;
  beforeAll(async () => {
    community = await buildCommunity(getDb());
    sources = new ViewSources(community.core.db, community.core.registry);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('are the rows and columns of the collections the query reads', async () => {
    const counts = await sources.find('forum_post_counts');
    expect(counts).toContain('forum_posts');
    expect(counts).toContain('forum_posts.forum');
    expect(counts).not.toContain('users');
    const unmigrated = await sources.find('unmigrated_users');
    expect(unmigrated).toContain('users');
    expect(unmigrated).toContain('users.profile');
    expect(unmigrated).not.toContain('forum_posts');
  });

  it('are unknown, so nothing is remembered, until found; a key of a table stands for itself', async () => {
    expect(sources.keysFor('posts')).toBeUndefined();
    expect(sources.keysFor('pinned_forum_posts.forum')).toBeNull();
    await sources.find('pinned_forum_posts');
    expect(sources.keysFor('pinned_forum_posts.forum')).toContain('forum_posts.pinned');
  });

  it('follow a view read by a view, and give up on a table no collection owns', async () => {
    const { core } = community;
    await core.collections.create({
      name: 'busy_forums',
      type: 'view',
      viewQuery: 'SELECT id AS id, count AS count FROM forum_post_counts WHERE count > 1',
    });
    expect(await sources.find('busy_forums')).toContain('forum_posts.forum');
    await sql`CREATE TABLE stray_notes (id TEXT PRIMARY KEY, body TEXT)`.execute(core.db.kysely);
    await core.collections.create({
      name: 'stray_view',
      type: 'view',
      viewQuery: 'SELECT id AS id, body AS body FROM stray_notes',
    });
    expect(await sources.find('stray_view')).toBeNull();
  });

  it('are asked again a while after a look-up failed, not remembered as failed', async () => {
    const { core } = community;
    let asked = 0;
    // The first look-up finds the database away; the next ones reach it.
    const flaky = {
      dialect: core.db.dialect,
      get reader() {
        if (asked++ === 0) throw new Error('the database is away');
        return core.db.reader;
      },
    };
    const retrying = new ViewSources(flaky, core.registry, { retryMs: 50 });
    await expect(retrying.find('forum_post_counts')).rejects.toThrow('the database is away');
    // Not found yet: nothing that reads the view is remembered meanwhile, and nothing is asked again.
    expect(retrying.keysFor('forum_post_counts.count')).toBeNull();
    await expect(retrying.find('forum_post_counts')).rejects.toThrow('the database is away');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await retrying.find('forum_post_counts')).toContain('forum_posts.forum');
    expect(retrying.keysFor('forum_post_counts.count')).toContain('forum_posts');
  });
});
