/**
 * Accounts a walk needs besides the one it registers through the browser: made as an operator would.
 * A superuser comes from the server's own CLI (`superuser upsert`); with it, the SDK creates members
 * with a profile, a verified email and, for staff, their roles (only a superuser or an admin sets roles).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import type { RunningServer } from './server';

const root = path.resolve(import.meta.dirname, '../..');

export interface Member {
  id: string;
  username: string;
  name: string;
  password: string;
}

/** Runs `cli superuser upsert` against the running server's data directory and signs the SDK in with it. */
export async function superuserClient(server: RunningServer): Promise<PocketBase> {
  const email = 'e2e-superuser@example.com';
  const password = 'an e2e superuser passphrase';
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/main.js'),
      'superuser',
      'upsert',
      email,
      password,
      `--dir=${server.dataDir}`,
    ],
    { env: { ...process.env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`superuser upsert failed:\n${result.stdout}${result.stderr}`);
  const pb = new PocketBase(server.url);
  await pb.collection('_superusers').authWithPassword(email, password);
  return pb;
}

/** A signed-up member with a linked profile and a verified email, with the given staff roles. */
export async function createMember(
  admin: PocketBase,
  { username, name, roles = [] }: { username: string; name: string; roles?: string[] },
): Promise<Member> {
  const password = `${username} has a long passphrase`;
  const user = await admin.collection('users').create({
    username,
    email: `${username}@example.com`,
    password,
    passwordConfirm: password,
    birthday: '1990-05-05',
    verified: true,
    roles,
  });
  const profile = await admin.collection('profiles').create({ user: user.id, username, name });
  await admin.collection('users').update(user.id, { profile: profile.id });
  return { id: user.id, username, name, password };
}

/**
 * An SDK client signed in as `member` without a password sign-in (the superuser's impersonation), so a
 * walk's own set-up does not use up the sign-in limit that the browser's sign-ins count against.
 */
export async function clientOf(admin: PocketBase, member: Member): Promise<PocketBase> {
  return admin.collection('users').impersonate(member.id, 3600);
}

/**
 * Puts `client`'s session into the browser as the app keeps it (the SDK's `pocketbase_auth` entry in
 * localStorage), for walks whose subject is not signing in: their set-up then does not use up the
 * sign-in limit (5 per 20 s per address) that every browser sign-in from this machine counts against.
 */
export async function openSignedIn(page: Page, baseUrl: string, client: PocketBase, pathname: string) {
  await page.goto(new URL('/favicon.svg', baseUrl).toString());
  const auth = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
  await page.evaluate((value) => localStorage.setItem('pocketbase_auth', value), auth);
  await page.goto(new URL(pathname, baseUrl).toString());
}

/**
 * Resolves once the page has told the server which live topics it follows, `topic` among them (the
 * SDK's `POST /api/realtime`). Until then the server has no one to send that topic's events to, so a walk
 * that changes something in another member's name waits for this first, as the member's page would have
 * been open for a moment by then. Call it before the page navigates.
 */
export function subscribedTo(page: Page, topic: string): Promise<unknown> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/realtime') &&
      response.request().method() === 'POST' &&
      response.ok() &&
      (response.request().postData() ?? '').includes(`"${topic}`),
  );
}
