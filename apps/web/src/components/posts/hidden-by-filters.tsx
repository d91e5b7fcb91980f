import { Button, Group, Text } from '@mantine/core';
import type { HiddenCount } from '../../lib/mutes/types';

export const hiddenByFiltersText = (count: number) => `${count} hidden by your filters`;
export const SHOW_THEM_TEXT = 'Show them';

/**
 * "N hidden by your filters" with "Show them" (PRODUCT.md §14), above a list the server narrowed by the
 * member's muted tags and labels; nothing when nothing was hidden.
 */
export function HiddenByFilters({ list, onShow }: { list: HiddenCount | undefined; onShow: () => void }) {
  const count = list?.hidden ?? 0;
  if (count <= 0) return null;
  return (
    <Group gap="xs" role="status">
      <Text size="sm" c="dimmed">
        {hiddenByFiltersText(count)}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onShow}>
        {SHOW_THEM_TEXT}
      </Button>
    </Group>
  );
}
