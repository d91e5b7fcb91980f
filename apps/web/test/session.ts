import { act } from '@testing-library/react';
import { pb } from '../src/lib/pocketbase';
import type { SessionUser } from '../src/lib/session';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');

/** A JWT-shaped token whose payload the SDK can read; `exp` decides whether it counts as valid. */
export function fakeToken(payload: Record<string, unknown> = {}, expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ type: 'auth', exp, ...payload })}.signature`;
}

export function userRecord(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user1234567890a',
    collectionId: '_pb_users_auth_',
    collectionName: 'users',
    username: 'tiny_tom',
    verified: true,
    roles: [],
    settings: { theme: 'auto' },
    profile: 'profile12345678',
    birthday: '1990-05-05 00:00:00.000Z',
    ...overrides,
  };
}

/** Signs in through the SDK's auth store, as a successful login would. */
export function signIn(overrides: Partial<SessionUser> = {}, expiresInSeconds = 3600): SessionUser {
  const record = userRecord(overrides);
  act(() => {
    pb.authStore.save(
      fakeToken({ id: record.id, collectionId: record.collectionId }, expiresInSeconds),
      record,
    );
  });
  return record;
}

export function signOut(): void {
  act(() => pb.authStore.clear());
}

/** The body of a successful `auth-with-password` (or `auth-refresh`) answer for the given user. */
export function authAnswer(overrides: Partial<SessionUser> = {}) {
  const record = userRecord(overrides);
  return { token: fakeToken({ id: record.id, collectionId: record.collectionId }), record };
}
