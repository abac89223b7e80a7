/**
 * Where the service's log lines (./log-lines.ts) and EMF lines (./emf.ts,
 * ./metrics.ts) are written: stdout for DEBUG and INFO lines and for EMF,
 * stderr for WARN and ERROR, as Powertools wrote them.
 *
 * Within an invocation (from `holdLines` to `releaseLines`, which the
 * logger's `injectLambdaContext` middleware calls at its start and end,
 * however it ends), the stdout lines are held and written together, in one
 * write: at the invocation's end, when the macrotask that wrote them ends
 * (`setImmediate`: before the process waits for anything, a network answer
 * or a timer), or when the process exits, whichever comes first, and at
 * once past MAX_HELD characters. A stderr line first writes what is held,
 * so the lines keep their order. What is held is the invocation's own
 * (./invocation.ts): invocations that interleave in one process each write
 * their own lines, never another's. Lambda
 * splits what a function writes to stdout at its newlines, so each line
 * stays one log event, and CloudWatch reads each EMF line as before.
 *
 * Why: a warm rate request wrote seven lines (the request line, one EMF line
 * per carrier, the metrics flush, the trace line), each in a write through
 * the stream to the file or pipe behind stdout; in a request, where the
 * process has just woken, one such write took about 17 us (p50, almost all
 * of it the system call; about 1 us in a loop), so most of what the writes
 * cost went with the number of writes (docs/performance.md). The cost of holding: a line written by code that
 * then never lets the macrotask end (a synchronous loop until Lambda's
 * timeout ends the sandbox) is lost, where a written one would have been
 * kept; Lambda's own REPORT line still tells of the timeout. Outside an
 * invocation (a module's load, the tests, the admin CLI) nothing is held.
 */
import { currentInvocation, type Invocation } from './invocation';

/**
 * Past this many characters held, they are written at once: a write stays
 * far below a pipe's 64 KiB buffer, so the reader behind Lambda's stdout
 * never has to take one in two reads, which can cut a line in two.
 */
export const MAX_HELD = 16 * 1024;

type Output = Invocation['output'];

/** The outputs of the invocations holding lines: what they hold is written at exit, should the process end first. */
const holdingOutputs = new Set<Output>();
let exitHooked = false;

/** Writes what `output` holds, if anything. */
const writeHeld = (output: Output): void => {
  if (output.held === '') return;
  const text = output.held;
  output.held = '';
  process.stdout.write(text);
};

const atMacrotaskEnd = (output: Output): void => {
  output.scheduled = false;
  writeHeld(output);
};

/** A line (or lines, each ending in `\n`) for stdout. */
export const writeStdout = (text: string): void => {
  const output = currentInvocation().output;
  if (!output.holding) {
    writeHeld(output);
    process.stdout.write(text);
    return;
  }
  output.held += text;
  if (output.held.length > MAX_HELD) {
    writeHeld(output);
    return;
  }
  if (!output.scheduled) {
    output.scheduled = true;
    setImmediate(atMacrotaskEnd, output);
  }
};

/** A line for stderr, after what the invocation holds for stdout. */
export const writeStderr = (text: string): void => {
  writeHeld(currentInvocation().output);
  process.stderr.write(text);
};

/** An invocation starts: its stdout lines are held from now on. */
export const holdLines = (): void => {
  const output = currentInvocation().output;
  output.holding = true;
  holdingOutputs.add(output);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => holdingOutputs.forEach(writeHeld));
  }
};

/** The invocation has ended: what it holds is written, and its lines are written at once again. */
export const releaseLines = (): void => {
  const output = currentInvocation().output;
  output.holding = false;
  holdingOutputs.delete(output);
  writeHeld(output);
};
