import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { sitePageKeys } from './keys';

export const PAGE_VISIBILITY = ['everyone', 'members', 'moderators'] as const;
export type PageVisibility = (typeof PAGE_VISIBILITY)[number];

export interface SitePage extends RecordModel {
  slug: string;
  title: string;
  content: string;
  visibleTo: PageVisibility;
}

export type SitePageInput = Pick<SitePage, 'slug' | 'title' | 'content' | 'visibleTo'>;

/** Every content page, by slug (there are a handful). */
export async function getSitePages(): Promise<SitePage[]> {
  return pb.collection('pages').getFullList<SitePage>({ sort: 'slug' });
}

export const sitePagesQueryOptions = () =>
  queryOptions({ queryKey: sitePageKeys.all, queryFn: getSitePages });
export const useSitePages = (enabled: boolean) => useQuery({ ...sitePagesQueryOptions(), enabled });

export function saveSitePage(input: SitePageInput, id?: string) {
  const pages = pb.collection('pages');
  const data = { ...input, slug: input.slug.trim(), title: input.title.trim() };
  return id ? pages.update(id, data) : pages.create(data);
}

/**
 * Saves a content page (admins only: the collection's rules). Every cached page answer is dropped so
 * the page's own route shows the new text at once.
 */
export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: SitePageInput; id?: string }) => saveSitePage(input, id),
    onSuccess: () => void flash.success('Page saved'),
    onError: flashError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitePageKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['pages'] }),
      ]),
  });
}
