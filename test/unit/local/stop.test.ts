/**
 * How the local runtime stops (local/stop.ts): the API and the background
 * functions first, then the emulators, then its own runtime.json; the exit
 * code of the stop; a stop signal arriving twice at once, and a later one.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, writeRuntimeFile } from '../../../local/runtime-files';
import type { LocalStack } from '../../../local/stack';
import { createStopper, type RunningParts } from '../../../local/stop';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'local-stop-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const runtimeFile = (pid: number) =>
  writeRuntimeFile(dataDir, {
    pid,
    startedAt: '2030-01-01T00:00:00.000Z',
    apiUrl: 'http://127.0.0.1:1/v1',
    port: 1,
    region: 'us-east-1',
    tableName: 'shipping-local',
    bucketName: 'shipping-labels-local',
    dynamodb: { endpoint: 'http://127.0.0.1:9', pid },
    s3: { endpoint: 'http://127.0.0.1:9' },
  });

/** A running runtime's parts that write what happens to them in `events`; the emulators stop when `stopEmulators` resolves. */
const runningParts = (events: string[], stopEmulators: () => Promise<void> = async () => undefined): RunningParts => ({
  stack: { stop: () => stopEmulators().then(() => void events.push('emulators stopped')) } as unknown as LocalStack,
  server: { closeAllConnections: () => events.push('connections closed') } as unknown as Server,
  gate: { inFlight: 0, draining: false, close: () => void events.push('API closed'), idle: async () => true },
  background: [{ name: 'notify', stop: async () => void events.push('notify stopped') }],
  runtimeFileWritten: true,
  stopWatchingLaunchers: () => void events.push('launchers no longer watched'),
});

const stopperOf = (parts: RunningParts, clock = { now: 1_000 }) => {
  const lines: string[] = [];
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const stopper = createStopper(dataDir, parts, {
    log: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
    now: () => clock.now,
  });
  return { stopper, lines, exits, exit };
};

it('stops the API and the background functions, then the emulators, removes its runtime.json and exits with the code', async () => {
  runtimeFile(process.pid);
  const events: string[] = [];
  const { stopper, lines, exit } = stopperOf(runningParts(events));
  expect(stopper.stopping()).toBe(false);
  stopper.shutdown('SIGTERM', 0);
  expect(stopper.stopping()).toBe(true);
  expect(await exit).toBe(0);
  expect(events).toEqual(['launchers no longer watched', 'API closed', 'connections closed', 'notify stopped', 'emulators stopped']);
  expect(lines).toEqual(['\nStopping (SIGTERM)...']);
  expect(existsSync(dataPaths(dataDir).runtime)).toBe(false);
});

it("leaves the runtime.json of another process, and tells an error while stopping, still exiting with the stop's code", async () => {
  runtimeFile(process.pid + 100_000);
  const { stopper, lines, exit } = stopperOf(runningParts([], async () => Promise.reject(new Error('DynamoDB Local would not stop'))));
  stopper.shutdown('DynamoDB Local exited', 1);
  expect(await exit).toBe(1);
  expect(lines).toContain('error while stopping: DynamoDB Local would not stop');
  expect(existsSync(dataPaths(dataDir).runtime)).toBe(true);
});

it('a stop signal within a second of the first is the same one; a later one exits at once with 1', async () => {
  let emulatorsStop: () => void = () => undefined;
  const clock = { now: 1_000 };
  const { stopper, lines, exits } = stopperOf(
    runningParts([], () => new Promise<void>((resolve) => (emulatorsStop = resolve))),
    clock,
  );
  stopper.shutdown('SIGINT', 0);
  clock.now += 900;
  stopper.shutdown('SIGINT', 0);
  clock.now += 5_000;
  stopper.shutdown('DynamoDB Local exited', 1);
  expect(exits).toEqual([]);
  stopper.shutdown('SIGTERM', 0);
  expect(exits).toEqual([1]);
  expect(lines).toContain('SIGTERM again: exiting without waiting');
  // The first stop, once the emulators stop, ends too (its deadline timer cleared).
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  await tick();
  emulatorsStop();
  await tick();
  expect(exits).toEqual([1, 0]);
});
