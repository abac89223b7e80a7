/** The end of a bench part's child process, bounded (bench/part-child.ts, bench/warm.ts). */
import type { ChildProcess } from 'node:child_process';
import type { BenchContext } from './checks';

/**
 * How a bench child exits: killed (SIGKILL, after `onDeadline`) when it is not
 * done by `deadlineMs`, asked to stop (SIGTERM) when the bench is stopped.
 */
export const childExit = (
  ctx: BenchContext,
  child: ChildProcess,
  deadlineMs: number,
  onDeadline?: () => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onDeadline?.();
      child.kill('SIGKILL');
    }, deadlineMs);
    const stopWatch = setInterval(() => {
      if (ctx.stopped()) child.kill('SIGTERM');
    }, 200);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(stopWatch);
      resolve({ code, signal });
    });
  });
