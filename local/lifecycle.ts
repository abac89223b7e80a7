/**
 * How the local runtime (runtime.ts, stop.ts) stops cleanly (issue 6, item 6):
 *
 * - `watchLaunchers`: `npm start` is npm → `sh -c "exec node --import tsx
 *   bin/local.ts"`, the shell replaced by node. npm passes on SIGINT and
 *   SIGTERM but not SIGHUP, and a launcher killed outright passes on nothing;
 *   either way the runtime would be left running, orphaned (with the earlier
 *   `tsx bin/local.ts`, tsx and the shell stood between too). So the runtime
 *   watches the chain of processes that
 *   started it (its parent, and the ancestors above it in its own process
 *   group up to the group leader, i.e. npm) and stops as soon as one of them
 *   is gone. Above the leader nothing is watched, so `setsid npm start &` keeps
 *   running after the shell that started it exits. A program that starts the
 *   runtime as the leader of its own group (the e2e tests: `tsx bin/local.ts`,
 *   detached) names itself in LOCAL_WATCH_PID, and the watch goes on up to it:
 *   killing it, even with SIGKILL, stops the runtime.
 * - `drainingGate`: on stop, the API refuses connections like a stopped
 *   server; the requests already in flight finish (stop.ts bounds the wait),
 *   counted until their handler is done, even when the client has gone.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type ProcessInfo = { ppid: number; pgid: number };

/** The fields after the command name in /proc/<pid>/stat: state, ppid, pgrp, ... (the name itself may hold spaces and parentheses). */
export const parseProcStat = (stat: string): ProcessInfo | undefined => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  return Number.isInteger(ppid) && Number.isInteger(pgid) && fields.length > 3 ? { ppid, pgid } : undefined;
};

/** Parent and process group of each of `pids` that exists. Linux reads /proc; elsewhere one `ps` call. */
export const readProcessInfos = (pids: number[]): Map<number, ProcessInfo> => {
  const found = new Map<number, ProcessInfo>();
  if (pids.length === 0) return found;
  if (process.platform === 'linux') {
    for (const pid of pids) {
      try {
        const info = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        if (info) found.set(pid, info);
      } catch {
        // No such process.
      }
    }
    return found;
  }
  const run = spawnSync('ps', ['-o', 'pid=,ppid=,pgid=', '-p', pids.join(',')], { encoding: 'utf8', timeout: 5_000 });
  for (const line of (run.stdout ?? '').split('\n')) {
    const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid) && Number.isInteger(pgid)) found.set(pid!, { ppid: ppid!, pgid: pgid! });
  }
  return found;
};

export const readProcessInfo = (pid: number): ProcessInfo | undefined => readProcessInfos([pid]).get(pid);

export type Link = { child: number; parent: number };

/**
 * The parent links to watch from `self` upwards: self → its parent always
 * (unless that is init), then on through ancestors in self's process group,
 * stopping at the group leader (whose own parent is outside the job). With
 * `upTo` (LOCAL_WATCH_PID), on through every ancestor, whatever its group, up
 * to that one; an `upTo` that is not an ancestor is refused.
 */
export const launcherChain = (self: number, info: (pid: number) => ProcessInfo | undefined, maxDepth = 32, upTo?: number): Link[] => {
  const group = info(self)?.pgid;
  const links: Link[] = [];
  let current = self;
  for (let depth = 0; depth < maxDepth; depth++) {
    const parent = info(current)?.ppid;
    if (parent === undefined || parent <= 1) break;
    if (upTo === undefined && current !== self && current === group) break;
    links.push({ child: current, parent });
    if (parent === upTo) return links;
    if (upTo === undefined && (group === undefined || info(parent)?.pgid !== group)) break;
    current = parent;
  }
  if (upTo !== undefined) throw new Error(`LOCAL_WATCH_PID ${upTo} did not start this runtime (its launchers: ${links.map((link) => link.parent).join(', ')})`);
  return links;
};

/**
 * LOCAL_WATCH_PID (docs/configuration.md): a process that started the
 * runtime, above its process group, whose end stops it too; undefined when unset.
 */
export const localWatchPid = (env: NodeJS.ProcessEnv = process.env): number | undefined => {
  const raw = env.LOCAL_WATCH_PID;
  if (raw === undefined || raw === '') return undefined;
  const pid = Number(raw);
  if (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(pid) || pid <= 1)
    throw new Error(`LOCAL_WATCH_PID must be the pid of a process that started this runtime (above 1), got "${raw}"`);
  return pid;
};

/** The first link that no longer holds: its child is gone or has another parent now (its parent exited). */
export const brokenLink = (links: Link[], infos: Map<number, ProcessInfo>): Link | undefined =>
  links.find((link) => infos.get(link.child)?.ppid !== link.parent);

/**
 * Calls `onGone` once when a process of the launcher chain (up to `upTo`
 * when given) is gone (polls
 * every `intervalMs`: 500 ms on Linux, 1 s elsewhere, where it runs `ps`).
 * Returns a function that stops watching.
 */
export const watchLaunchers = (onGone: (link: Link) => void, options: { intervalMs?: number; self?: number; upTo?: number } = {}): (() => void) => {
  const links = launcherChain(options.self ?? process.pid, readProcessInfo, undefined, options.upTo);
  if (links.length === 0) return () => undefined;
  const children = links.map((link) => link.child);
  const timer = setInterval(
    () => {
      const broken = brokenLink(links, readProcessInfos(children));
      if (broken) {
        clearInterval(timer);
        onGone(broken);
      }
    },
    options.intervalMs ?? (process.platform === 'linux' ? 500 : 1_000),
  );
  timer.unref();
  return () => clearInterval(timer);
};

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export type DrainingGate = {
  readonly inFlight: number;
  readonly draining: boolean;
  /** Stops accepting: closes the listener and closes every connection once its current response is written. */
  close: () => void;
  /** True once no request is in flight, false when `timeoutMs` passed first. */
  idle: (timeoutMs: number) => Promise<boolean>;
};

/**
 * Puts a gate in front of the server's request listeners (the handler given
 * to http.createServer is a 'request' listener) that counts the requests in
 * flight. Once closed, the server behaves like one that has stopped: a new
 * connection is refused (the listener is closed), an idle keep-alive
 * connection is closed, a response still being written says `Connection:
 * close` and its connection closes after it, and a request that arrives on
 * a connection anyway is not served (its connection is closed).
 */
export const drainingGate = (server: Server): DrainingGate => {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const waiters = new Set<() => void>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      req.socket.destroy();
      return;
    }
    inFlight.add(res);
    res.once('finish', () => {
      if (draining) res.socket?.end();
    });
    // A request is in flight until its connection is done with AND its handler has finished: a
    // client that gives up closes the response at once, while the handler still uses the emulators.
    let closed = false;
    let working = 0;
    const done = () => {
      if (!closed || working > 0 || !inFlight.delete(res)) return;
      if (inFlight.size === 0) for (const wake of waiters) wake();
    };
    res.once('close', () => {
      closed = true;
      done();
    });
    for (const listener of listeners) {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: without it `work` is not an object type
      const work = (listener as (req: IncomingMessage, res: ServerResponse) => unknown).call(server, req, res);
      if (work instanceof Promise) {
        working += 1;
        work
          .finally(() => {
            working -= 1;
            done();
          })
          .catch(() => undefined);
      }
    }
  });
  return {
    get inFlight() {
      return inFlight.size;
    },
    get draining() {
      return draining;
    },
    close: () => {
      if (draining) return;
      draining = true;
      for (const res of inFlight) closeAfter(res);
      // Also closes the idle keep-alive connections (Node 19+).
      if (server.listening) server.close();
    },
    idle: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (inFlight.size === 0) {
          resolve(true);
          return;
        }
        const done = (value: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(value);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(wake);
      }),
  };
};
