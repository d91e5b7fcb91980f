/**
 * Avatars (issue 14, PRODUCT.md §9 "uploads checked by content"): a profile's avatar is an image by its
 * bytes, whatever name and type the upload claims; replacing it removes the old file from the store.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileKey } from '../../src/core/files/record-files';
import { describeEachDialect } from '../support/databases';
import { CAST, buildCommunity, type Community } from '../support/community';
import { HTML, multipart, png, type FormValue } from '../files/support';

interface ProfileAnswer {
  id: string;
  collectionId: string;
  avatar: string;
  name: string;
}

describeEachDialect('profile avatars', (getDb) => {
  let community: Community;
  let profile: ProfileAnswer;

  const send = async (
    role: 'alice' | 'bob',
    method: 'POST' | 'PATCH',
    url: string,
    entries: Array<[string, FormValue | FormValue[]]>,
  ) => {
    const { payload, headers } = await multipart(entries);
    return community.server.inject({
      method,
      url,
      payload,
      headers: { ...headers, authorization: community.token(role)! },
    });
  };
  const updateAvatar = (role: 'alice' | 'bob', entries: Array<[string, FormValue | FormValue[]]>) =>
    send(role, 'PATCH', `/api/collections/profiles/records/${profile.id}`, entries);
  const stored = (name: string) =>
    community.core.records.files!.exists(fileKey(profile.collectionId, profile.id, name));
  const download = (name: string) =>
    community.server.inject({ method: 'GET', url: `/api/files/profiles/${profile.id}/${name}` });

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    const created = await send('alice', 'POST', '/api/collections/profiles/records', [
      ['user', CAST.alice],
      ['name', 'Alice'],
      ['avatar', { name: 'me.png', content: await png(80, 80), type: 'image/png' }],
    ]);
    expect(created.statusCode, created.body).toBe(200);
    profile = created.json<ProfileAnswer>();
  });
  afterAll(async () => {
    await community?.server.close();
  });

  it('keeps an uploaded image and serves it with its 64x64 thumbnail', async () => {
    expect(profile.avatar).toMatch(/^me\w*_\w+\.png$/);
    expect(await stored(profile.avatar)).toBe(true);
    expect((await download(profile.avatar)).statusCode).toBe(200);
    const thumb = await community.server.inject({
      method: 'GET',
      url: `/api/files/profiles/${profile.id}/${profile.avatar}?thumb=64x64`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
  });

  it('refuses a non-image dressed as a PNG and keeps the avatar it had', async () => {
    const res = await updateAvatar('alice', [
      ['avatar', { name: 'innocent.png', content: HTML, type: 'image/png' }],
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ data: { avatar: { code: string } } }>().data.avatar.code).toBe(
      'validation_invalid_mime_type',
    );
    const after = await community.server.inject({
      method: 'GET',
      url: `/api/collections/profiles/records/${profile.id}`,
      headers: { authorization: community.token('alice')! },
    });
    expect(after.json<ProfileAnswer>().avatar).toBe(profile.avatar);
    expect(await stored(profile.avatar)).toBe(true);
  });

  it('replacing the avatar removes the old file from the store', async () => {
    const old = profile.avatar;
    const res = await updateAvatar('alice', [
      ['avatar', { name: 'new.png', content: await png(90, 90, '#cc3366'), type: 'image/png' }],
      ['location', 'Giantville'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<ProfileAnswer & { location: string }>();
    expect(updated.avatar).toMatch(/^new_\w+\.png$/);
    expect(updated.location).toBe('Giantville');
    expect(await stored(updated.avatar)).toBe(true);
    expect(await stored(old)).toBe(false);
    expect((await download(old)).statusCode).toBe(404);
    profile = updated;
  });

  it('an update without an avatar keeps the current one (optional fields only when set)', async () => {
    const res = await updateAvatar('alice', [['name', 'Alice the Giant']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileAnswer>().avatar).toBe(profile.avatar);
    expect(await stored(profile.avatar)).toBe(true);
  });

  it('carries its member’s username, whatever the client sends, and follows a rename', async () => {
    const res = await updateAvatar('alice', [['username', 'someone_else']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ username: string }>().username).toBe('alice');
    const renamed = await community.server.inject({
      method: 'PATCH',
      url: `/api/collections/users/records/${CAST.alice}`,
      payload: { username: 'Alice_Tall' },
      headers: { authorization: community.token('alice')! },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = await community.server.inject({
      method: 'GET',
      url: `/api/collections/profiles/records?filter=${encodeURIComponent("username = 'alice_tall'")}`,
      headers: { authorization: community.token('bob')! },
    });
    expect(found.json<{ items: ProfileAnswer[] }>().items.map((p) => p.id)).toEqual([profile.id]);
  });

  it('another member cannot replace it', async () => {
    const res = await updateAvatar('bob', [
      ['avatar', { name: 'prank.png', content: await png(10, 10), type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(404);
    expect(await stored(profile.avatar)).toBe(true);
  });
});
