import { useQueryUpdates } from '../../lib/use-query-updates';
import { pageNumber } from '../../components/page-pagination';

/** Spec part 2 §9: a queue's pageSize query defaults to 1 (one item at a time). */
export const QUEUE_DEFAULT_PAGE_SIZE = 1;
// A moderator may ask for more at once, within what the API serves in one page.
const QUEUE_MAX_PAGE_SIZE = 100;

export function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return Number.isInteger(size) && size > 0 ? Math.min(size, QUEUE_MAX_PAGE_SIZE) : QUEUE_DEFAULT_PAGE_SIZE;
}

/** A queue's `page` and `pageSize` queries (spec part 2 §2), and a way to change page keeping the rest. */
export function useQueueParams() {
  const [params, update] = useQueryUpdates();
  const goTo = (next: number) =>
    update((query) => {
      if (next === 1) query.delete('page');
      else query.set('page', String(next));
      return query;
    });
  return { page: pageNumber(params.get('page')), pageSize: pageSizeOf(params.get('pageSize')), goTo };
}
