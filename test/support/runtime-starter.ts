/**
 * A test process in miniature, for test/e2e/lifecycle.test.ts: starts the
 * local runtime as the e2e tests do (`startRuntime`, DATA_DIR the first
 * argument), prints what it started as one JSON line, then waits to be
 * killed. It ends when its stdin closes, so it never outlives the test that
 * started it either.
 */
import { startRuntime } from './runtime';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node --import tsx test/support/runtime-starter.ts <DATA_DIR>');
process.stdin.on('close', () => process.exit(0)).resume();
startRuntime(dataDir).then(
  (running) =>
    process.stdout.write(`${JSON.stringify({ starter: process.pid, leader: running.child.pid, runtime: running.runtime, logFile: running.logFile })}\n`),
  (e: unknown) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  },
);
