/**
 * `fn` over every item with at most `limit` calls in flight, the results in
 * the items' order. The first rejection rejects the whole and no item is
 * started after it (those in flight run on; a caller's signal stops them).
 * Hand-written where p-map could serve (docs/decisions.md).
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
