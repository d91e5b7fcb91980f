import { useLayoutEffect, useRef } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * The address's query and a way to change it that always starts from the latest query asked for. A
 * filter picked right after another (a quick hand, a slow phone) arrives before the first change has
 * re-rendered the screen: built from the query the screen last rendered, it would drop the first.
 * Changes asked for here are kept until the address shows a new query, and each builds on the last.
 */
export function useQueryUpdates(): [
  URLSearchParams,
  (change: (latest: URLSearchParams) => URLSearchParams, options?: Parameters<SetURLSearchParams>[1]) => void,
] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A new query in the address (this screen's change landing, or back and forward) is the latest,
  // before any click can meet the screen that shows it.
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = (
    change: (latest: URLSearchParams) => URLSearchParams,
    options?: Parameters<SetURLSearchParams>[1],
  ) => {
    const next = change(new URLSearchParams(latest.current));
    latest.current = next;
    setParams(next, options);
  };
  return [params, update];
}
