/**
 * How the local runtime stops (docs/architecture.md, "The local runtime"):
 * the API refuses connections and the stream pollers, queues and timers
 * stop, the requests and invocations in flight finish (at most DRAIN_MS),
 * then the emulators stop and runtime.json goes; the process exits with the
 * stop's code. Whatever takes longer than STOP_DEADLINE_MS exits anyway.
 */
import type { Server } from 'node:http';
import type { BackgroundFunction } from './background';
import type { DrainingGate } from './lifecycle';
import { readRuntimeFile, removeRuntimeFile } from './runtime-files';
import type { LocalStack } from './stack';

/** How long a stop waits for the requests in flight. */
const DRAIN_MS = 5_000;
/** A stop that takes longer than this (drain, then the emulators) exits anyway. */
const STOP_DEADLINE_MS = 15_000;
/** A stop signal this soon after the first is the same one arriving twice. */
const SAME_SIGNAL_MS = 1_000;

/** What the runtime has started so far, filled in as it starts. */
export type RunningParts = {
  stack?: LocalStack;
  server?: Server;
  gate?: DrainingGate;
  background: BackgroundFunction[];
  /** Whether DATA_DIR/runtime.json was written by this process. */
  runtimeFileWritten: boolean;
  stopWatchingLaunchers: () => void;
};

export type StopperIo = {
  log: (line: string) => void;
  warn: (line: string) => void;
  exit: (code: number) => void;
  now?: () => number;
};

export type Stopper = {
  /** Stops everything once, then exits with `exitCode`; a stop signal during a stop, more than a second after it began, exits at once. */
  shutdown: (reason: string, exitCode: number) => void;
  /** Whether a stop has begun: a start still under way gives up. */
  stopping: () => boolean;
  /** Removes runtime.json only when it is this process's (never another runtime's). */
  removeOwnRuntimeFile: () => void;
};

export const createStopper = (dataDir: string, parts: RunningParts, io: StopperIo): Stopper => {
  const { log, warn, exit } = io;
  const now = io.now ?? Date.now;

  const removeOwnRuntimeFile = () => {
    if (!parts.runtimeFileWritten) return;
    try {
      if (readRuntimeFile(dataDir)?.pid === process.pid) removeRuntimeFile(dataDir);
    } catch {
      removeRuntimeFile(dataDir);
    }
    parts.runtimeFileWritten = false;
  };

  const drainApi = async () => {
    const { server, gate } = parts;
    if (!server || !gate) return;
    gate.close();
    if (gate.inFlight > 0) {
      log(`  waiting for ${gate.inFlight} request(s) in flight (at most ${DRAIN_MS / 1000} s)`);
      if (!(await gate.idle(DRAIN_MS))) warn(`  ${gate.inFlight} request(s) still running after ${DRAIN_MS / 1000} s: closing their connections`);
    }
    server.closeAllConnections();
  };

  const stopBackground = async () => {
    const running = new Set(parts.background.map((b) => b.name));
    const stopped = Promise.all(parts.background.map((b) => b.stop().finally(() => running.delete(b.name))));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_MS)));
    if (await Promise.race([stopped.then(() => false), late])) warn(`  ${[...running].join(', ')} still running after ${DRAIN_MS / 1000} s: stopping anyway`);
    clearTimeout(timer);
  };

  let stopping = false;
  let stopStartedAt = 0;
  const shutdown = (reason: string, exitCode: number) => {
    if (stopping) {
      // One stop signal often arrives twice at once (Ctrl-C reaches the whole group, and npm passes it on again);
      // only a later one means "now": leave at once, the exit hook and the watchdog still end DynamoDB Local.
      if (reason.startsWith('SIG') && now() - stopStartedAt > SAME_SIGNAL_MS) {
        warn(`${reason} again: exiting without waiting`);
        exit(1);
      }
      return;
    }
    stopping = true;
    stopStartedAt = now();
    const deadline = setTimeout(() => {
      warn(`stopping took more than ${STOP_DEADLINE_MS / 1000} s: exiting`);
      exit(1);
    }, STOP_DEADLINE_MS).unref();
    void (async () => {
      log(`\nStopping (${reason})...`);
      parts.stopWatchingLaunchers();
      await Promise.all([drainApi(), stopBackground()]);
      await parts.stack?.stop();
      removeOwnRuntimeFile();
    })()
      .catch((e: unknown) => {
        warn(`error while stopping: ${(e as Error).message}`);
      })
      .finally(() => {
        clearTimeout(deadline);
        exit(exitCode);
      });
  };

  return { shutdown, stopping: () => stopping, removeOwnRuntimeFile };
};
