import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BLOCK_TEXTS } from './block-texts';

// The list's cards and avatars are not otherwise on /settings: loaded with the section, so the settings
// screen's own chunk stays small.
const BlockedMembersBody = lazy(() =>
  import('./blocked-members.lazy').then((m) => ({ default: m.BlockedMembersBody })),
);

/** The members the signed-in member blocked, each with Unblock; composed into /settings by the app. */
export function BlockedMembers() {
  return (
    <Suspense fallback={<Text c="dimmed">{BLOCK_TEXTS.loading}</Text>}>
      <BlockedMembersBody />
    </Suspense>
  );
}
