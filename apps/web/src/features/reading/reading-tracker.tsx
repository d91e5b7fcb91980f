import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readingKeys } from './api/keys';
import { useStoryProgress } from './api/get-story-progress';
import { useSaveProgress } from './api/save-progress';
import type { ReadProgress } from './api/types';
import { blocksOf, currentPosition, type Position } from './reading-position';

/** How long the reader stays put before their place is saved (one save per pause, not per scroll). */
export const SAVE_DELAY_MS = 1500;
export const RESUME_TEXT = 'You have read part of this story before.';
export const RESUME_BUTTON = 'Resume reading';

interface ReadingTrackerProps {
  userId: string;
  storyId: string;
  /** The id of the element the story's text renders in. */
  contentId: string;
}

const same = (a: Position | null, b: Position) =>
  a !== null && a.paragraph === b.paragraph && a.paragraphs === b.paragraphs && a.finished === b.finished;

/**
 * Remembers, privately, how far the member read this story (PRODUCT.md §14): the last paragraph in view,
 * saved after the reader pauses. Reopening an unfinished story offers to jump back there.
 */
export function ReadingTracker({ userId, storyId, contentId }: ReadingTrackerProps) {
  const progress = useStoryProgress(userId, storyId);
  const save = useSaveProgress(userId, storyId);
  // The place the member had when the page opened: what the offer jumps back to, even as new saves land.
  const [offer, setOffer] = useState<ReadProgress | null | undefined>(undefined);
  if (offer === undefined && progress.isSuccess) setOffer(progress.data);
  const saved = useRef<Position | null>(null);
  const queryClient = useQueryClient();
  const { mutate } = save;

  useEffect(() => {
    if (progress.isPending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let due = false;
    // Measured while the text is on screen; a save after leaving the page uses the last measure.
    let position: Position | null = null;
    const flush = () => {
      due = false;
      if (!position || same(saved.current, position)) return;
      // One save at a time, so the first one (a create) is never sent twice.
      if (queryClient.isMutating({ mutationKey: readingKeys.save(userId, storyId) }) > 0) {
        due = true;
        timer = setTimeout(flush, SAVE_DELAY_MS);
        return;
      }
      saved.current = position;
      const existing = queryClient.getQueryData<ReadProgress | null>(readingKeys.story(userId, storyId));
      mutate({ existing: existing ?? null, values: position });
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        position = currentPosition(document.getElementById(contentId), window.innerHeight) ?? position;
      });
      clearTimeout(timer);
      due = true;
      timer = setTimeout(flush, SAVE_DELAY_MS);
    };
    // Opening the story counts too: a chapter that fits on the screen is read without scrolling. This
    // first measure only ever moves the place forward, so reopening never loses where the reader was.
    let tries = 0;
    const firstLook = () => {
      const seen = currentPosition(document.getElementById(contentId), window.innerHeight);
      if (!seen) {
        // The text renders lazily; look again a few times before giving up.
        if (++tries < 5) timer = setTimeout(firstLook, SAVE_DELAY_MS);
        return;
      }
      const existing = queryClient.getQueryData<ReadProgress | null>(readingKeys.story(userId, storyId));
      if (existing && (existing.finished || existing.paragraph >= seen.paragraph) && !seen.finished) return;
      if (existing?.finished) return;
      position = seen;
      flush();
    };
    timer = setTimeout(firstLook, SAVE_DELAY_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      // Leaving the story (Next Chapter, another page) saves the place at once rather than losing it.
      if (due) flush();
    };
  }, [contentId, mutate, progress.isPending, queryClient, userId, storyId]);

  if (!offer || offer.finished || offer.paragraph === 0) return null;
  const resume = () => {
    setOffer(null);
    // The text renders lazily: a quick click may come before it, so look again for a few seconds.
    let tries = 0;
    const jump = () => {
      const blocks = blocksOf(document.getElementById(contentId));
      const block = blocks[Math.min(offer.paragraph, blocks.length - 1)];
      if (block) block.scrollIntoView({ block: 'start' });
      else if (++tries < 50) setTimeout(jump, 100);
    };
    jump();
  };
  return (
    <Paper withBorder p="sm" role="region" aria-label="Resume reading">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{RESUME_TEXT}</Text>
        <Button size="xs" onClick={resume}>
          {RESUME_BUTTON}
        </Button>
      </Group>
    </Paper>
  );
}
