/**
 * Remembers the results of a pure function of a text, for the few texts that recur on every request
 * (a collection's rules, a page's `?expand=`). At most `limit` results are kept; the oldest goes
 * first, so texts sent once by a client cannot grow memory without bound.
 */
export function memoByText<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const results = new Map<string, T>();
  return (text) => {
    if (results.has(text)) return results.get(text)!;
    const result = compute(text);
    if (results.size >= limit) results.delete(results.keys().next().value!);
    results.set(text, result);
    return result;
  };
}
