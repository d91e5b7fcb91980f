import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isModerator, parseRoles } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { useBlockMember } from './api/block-member';
import { findBlock, useMyBlocks } from './api/get-my-blocks';
import { useUnblockMember } from './api/unblock-member';
import { BLOCK_TEXTS } from './block-texts';

export interface BlockButtonProps {
  /** The member's user id. */
  memberId: string;
  /** How the confirmation names them. */
  memberName: string;
  /** The member's roles: staff cannot be blocked, so they get no button. */
  memberRoles: unknown;
}

/**
 * Block or Unblock another member (PRODUCT.md §14), asked first. Not offered on one's own profile nor on
 * staff; the server refuses both anyway. The app composes it into the profile screen.
 */
export function BlockButton({ memberId, memberName, memberRoles }: BlockButtonProps) {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const blocks = useMyBlocks(userId);
  const block = useBlockMember(userId);
  const unblock = useUnblockMember();
  const [asking, setAsking] = useState(false);
  if (!userId || memberId === userId || isModerator(parseRoles(memberRoles))) return null;

  const existing = findBlock(blocks.data, memberId);
  if (existing) {
    return (
      <Button variant="default" loading={unblock.isPending} onClick={() => unblock.mutate(existing.id)}>
        {BLOCK_TEXTS.unblock}
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" color="red" disabled={blocks.isPending} onClick={() => setAsking(true)}>
        {BLOCK_TEXTS.block}
      </Button>
      <ConfirmDialog
        opened={asking}
        message={BLOCK_TEXTS.question(memberName)}
        confirmLabel={BLOCK_TEXTS.block}
        busy={block.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => block.mutate(memberId, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}
