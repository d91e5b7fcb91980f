import { Pagination } from '@mantine/core';

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
