import { Button, Pagination, Stack, Text } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** A `page` query value as a page number; anything else is page 1. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

interface PagePaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Page links for a list with more than one page; nothing otherwise. */
export function PagePagination({ page, totalPages, onChange }: PagePaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Pagination
      value={page}
      total={totalPages}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
    />
  );
}

export const PAST_THE_END_TEXT = (page: number, lastPage: number) =>
  `There is no page ${page}: this list ends at page ${lastPage}.`;

/**
 * Said instead of the list's "nothing here" text when a page past the end was asked for (an old link, a
 * typed address): the list is not empty, the page is. Offers the last page that has items.
 */
export function PastTheEnd({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text>{PAST_THE_END_TEXT(page, lastPage)}</Text>
      <Button variant="light" onClick={() => onPage(lastPage)}>
        Go to page {lastPage}
      </Button>
    </Stack>
  );
}
