/**
 * Reads shared within one request. A request may start a read early (the HTTP
 * layer starts what a route declares alongside authentication,
 * shared/http/handler.ts) and the service that needs it later asks for the
 * same read: both get the one promise, so the read is made once and its
 * round trip overlaps the others. Scoped with AsyncLocalStorage to the
 * invocation, so concurrent requests of one process (the local runtime)
 * never share a read. Outside a scope every call reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `fn` with a fresh set of shared reads. */
export const withRequestScope = <T>(fn: () => T): T => scope.run(new Map(), fn);

/** The read `key` of this request: started by the first caller, shared with the others (a failure too). */
export const perRequest = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const reads = scope.getStore();
  if (!reads) return load();
  let read = reads.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    reads.set(key, read);
  }
  return read;
};
