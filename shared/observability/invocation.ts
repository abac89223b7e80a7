/**
 * The state of one invocation: its log context and keys (./log-lines.ts),
 * its held stdout lines (./log-output.ts) and its trace record
 * (./tracer.ts). Every handler runs in one of its own (`inInvocation`: the
 * HTTP layer, the batch and scheduled handlers), found again with
 * AsyncLocalStorage from anywhere its awaits lead, so invocations that
 * interleave in one process (the local runtime runs every function side by
 * side; a Lambda container may one day) never write into each other's.
 *
 * Node 24's AsyncLocalStorage keeps its store in V8's continuation data
 * (AsyncContextFrame) and installs no async hook: an invocation costs one
 * `run` and each read one `getStore`, a few hundred nanoseconds in all
 * (bench/invocation-scope.ts; docs/decisions.md, "Per-invocation state").
 *
 * Code that runs outside any invocation (a module's load, the admin CLI, a
 * test calling a logger directly) shares `outside`, the container's own:
 * its lines are written at once, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogScope } from './log-lines';
import type { TraceRecord } from './tracer';

export type Invocation = {
  /** The Lambda context the logger was given (`addContext`) and the keys appended since, on every line. */
  log: LogScope;
  /** Stdout lines held until the invocation ends or its macrotask does (./log-output.ts). */
  output: { holding: boolean; held: string; scheduled: boolean };
  /** The invocation's calls, when tracing is on (./tracer.ts). */
  trace: TraceRecord | undefined;
};

const newInvocation = (): Invocation => ({
  log: { context: undefined, keys: {} },
  output: { holding: false, held: '', scheduled: false },
  trace: undefined,
});

const invocations = /* @__PURE__ */ new AsyncLocalStorage<Invocation>();
const outside = newInvocation();

/** The running invocation's state, or the container's outside any. */
export const currentInvocation = (): Invocation => invocations.getStore() ?? outside;

/** `handler` with each of its calls run as an invocation of its own. */
export const inInvocation =
  <A extends unknown[], R>(handler: (...args: A) => R) =>
  (...args: A): R =>
    invocations.run(newInvocation(), handler, ...args);
