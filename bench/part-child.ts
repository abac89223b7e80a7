/**
 * Runs one bench part in a child process, for parts that use the store's
 * clients: those are built once per process from the environment of their
 * first use (shared/aws/dynamodb-client.ts), so two parts that each start their own
 * emulators cannot share a process. The child runs the part named by
 * BENCH_PART_MODULE / BENCH_PART_EXPORT and sends its BenchPart back.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { BenchContext, BenchPart } from './checks';
import { childExit } from './child-exit';

/** A part's child is killed after this long (a part may ask for longer: tracking-scale loads DynamoDB Local first). */
const CHILD_DEADLINE_MS = 180_000;

type Message = { part?: BenchPart; error?: string };

export const runPartInChild = (ctx: BenchContext, module: string, exportName: string, deadlineMs = CHILD_DEADLINE_MS): Promise<BenchPart> =>
  new Promise((resolve, reject) => {
    const child = fork(__filename, [], {
      cwd: path.resolve(__dirname, '..'),
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_PART_MODULE: module, BENCH_PART_EXPORT: exportName },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    ctx.defer(`${exportName} child`, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    let result: Message = {};
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line) ctx.log(line);
    });
    child.on('message', (message: Message) => {
      result = message;
    });
    childExit(ctx, child, deadlineMs).then(({ code, signal }) => {
      if (result.part && code === 0) resolve(result.part);
      else reject(new Error(`${exportName}: ${result.error ?? `child exited with ${signal ?? `code ${code}`}`}`));
    }, reject);
  });

const runChild = async () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  let stopped = false;
  const stop = async () => {
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) await Promise.resolve(fn()).catch(() => undefined);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      stopped = true;
      void stop().finally(() => process.exit(1));
    });
  }
  const ctx: BenchContext = {
    log: (line) => process.stderr.write(`${line}\n`),
    defer: (_name, fn) => cleanups.push(fn),
    stopped: () => stopped,
  };
  try {
    const mod = (await import(path.resolve(__dirname, process.env.BENCH_PART_MODULE!))) as Record<string, (c: BenchContext) => Promise<BenchPart>>;
    const part = await mod[process.env.BENCH_PART_EXPORT!]!(ctx);
    await stop();
    process.send!({ part }, () => process.exit(0));
  } catch (error) {
    await stop();
    process.send!({ error: (error as Error)?.stack ?? String(error) }, () => process.exit(1));
  }
};

if (process.env.BENCH_PART_MODULE && process.send) void runChild();
