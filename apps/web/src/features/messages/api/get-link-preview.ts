import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { messageKeys } from './keys';

/** A link in a message to something on this site (PRODUCT.md §13), and what it points at. */
export interface SiteLink {
  kind: 'story' | 'series' | 'forum-post' | 'profile';
  /** The record id, or the username for a profile. */
  key: string;
  path: string;
}

export interface LinkPreview {
  title: string;
  /** Who wrote it, for content; empty for a profile. */
  author: string;
}

const PATTERNS: [SiteLink['kind'], RegExp][] = [
  ['story', /^\/stories\/([a-z0-9]{15})$/],
  ['series', /^\/series\/([a-z0-9]{15})$/],
  ['forum-post', /^\/forums\/[a-z0-9]{15}\/posts\/([a-z0-9]{15})$/],
  ['profile', /^\/profiles\/([A-Za-z0-9._-]{3,64})$/],
];

const MAX_PREVIEWS = 3;

/**
 * The links of a message that lead to this site's own stories, series, forum posts or profiles (at most
 * three). Only this site's origin (or a bare path) counts: the server never fetches an outside address.
 */
export function siteLinksIn(content: string, origin: string): SiteLink[] {
  const found = new Map<string, SiteLink>();
  for (const match of content.matchAll(/(?:https?:\/\/[^\s)"'<>\]]+|(?<![\w/])\/[a-z][^\s)"'<>\]]*)/gi)) {
    let url: URL;
    try {
      url = new URL(match[0], origin);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const path = url.pathname.replace(/\/$/, '');
    for (const [kind, pattern] of PATTERNS) {
      const key = pattern.exec(path)?.[1];
      if (key && key !== 'me' && !found.has(path)) found.set(path, { kind, key, path });
    }
    if (found.size >= MAX_PREVIEWS) break;
  }
  return [...found.values()];
}

interface WithPost {
  expand?: { post?: { title?: string; expand?: { contributors?: { username?: string }[] } } };
}

const COLLECTION = { story: 'stories', series: 'series', 'forum-post': 'forum_posts' } as const;

export async function getLinkPreview(link: SiteLink): Promise<LinkPreview> {
  if (link.kind === 'profile') {
    const profile = await pb
      .collection('profiles')
      .getFirstListItem<{ name: string }>(pb.filter('username = {:u}', { u: link.key }));
    return { title: profile.name, author: '' };
  }
  const record = await pb
    .collection(COLLECTION[link.kind])
    .getOne<WithPost>(link.key, { expand: 'post,post.contributors' });
  const post = record.expand?.post;
  const authors = (post?.expand?.contributors ?? []).map((c) => c.username).filter(Boolean);
  return { title: post?.title || 'Untitled', author: authors.join(', ') };
}

export function useLinkPreview(link: SiteLink) {
  return useQuery(
    queryOptions({
      queryKey: messageKeys.preview(link.path),
      queryFn: () => getLinkPreview(link),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  );
}
