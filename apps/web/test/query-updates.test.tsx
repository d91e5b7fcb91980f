import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withParam } from '../src/components/posts/taxonomy-filters';
import { useQueryUpdates } from '../src/lib/use-query-updates';

/** A screen that hands out its query updater, as a filter's change handler uses it. */
function renderBrowse(at: string) {
  let update!: ReturnType<typeof useQueryUpdates>[1];
  function Browse() {
    [, update] = useQueryUpdates();
    return null;
  }
  const router = createMemoryRouter([{ path: '/stories/browse', element: <Browse /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return {
    router,
    change: (name: 'larger' | 'change' | 'page', value: string) => update((q) => withParam(q, name, value)),
  };
}

describe('query updates (issue 47, finding 9)', () => {
  it('two filters picked before the screen re-renders both stay in the address', () => {
    const { router, change } = renderBrowse('/stories/browse');
    act(() => {
      change('larger', 'mega');
      change('change', 'growth');
    });
    expect(router.state.location.search).toBe('?larger=mega&change=growth');
  });

  it('back to an earlier address, the next change starts from it', () => {
    const { router, change } = renderBrowse('/stories/browse?larger=mega');
    act(() => change('change', 'growth'));
    act(() => void router.navigate(-1));
    expect(router.state.location.search).toBe('?larger=mega');
    act(() => change('page', '2'));
    expect(router.state.location.search).toBe('?larger=mega&page=2');
  });
});
