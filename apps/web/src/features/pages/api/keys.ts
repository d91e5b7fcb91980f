/** Query keys of content pages, read by slug. */
export const pageKeys = {
  all: ['pages'] as const,
  bySlug: (slug: string) => ['pages', 'slug', slug] as const,
};
