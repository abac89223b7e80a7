/**
 * `npm run invoke -- <function>[.<case>] [event.json] [--print-event|--json|--list]`
 * (local/invoke.ts): one function's handler, in this process, with a sample
 * event, against the running `npm start` of DATA_DIR. No Docker.
 *
 * stdout carries only the answer (or the filled event with --print-event, so
 * it can be piped into a file for `sam local invoke -e`); the handlers' log
 * lines, what invoke filled in and the expected outcome go to stderr.
 */
import path from 'node:path';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import {
  describeOutcome,
  formatOutcome,
  INVOKE_USAGE,
  InvokeError,
  InvokeUsageError,
  invoke,
  listSamples,
  parseInvokeArgs,
  readExpectations,
} from '../local/invoke';

// The handlers are required as CommonJS, like npm start does; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();

// Powertools writes log lines to process.stdout: send them to stderr, keep stdout for the answer.
const stdout = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
const out = (text: string) => stdout(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

const main = async (): Promise<number> => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const command = parseInvokeArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    out(INVOKE_USAGE);
    return 0;
  }
  const expectations = readExpectations();
  if (command.kind === 'list') {
    for (const { file } of listSamples()) out(`${file.padEnd(40)} ${expectations.get(file) ?? '(no expected outcome in events/README.md)'}`);
    return 0;
  }
  const report = await invoke(command, { note: (line) => err(`invoke: ${line}`) });
  if (command.json) out(JSON.stringify(report.outcome.kind === 'event' ? report.event : report.outcome.result, null, 2));
  else out(formatOutcome(report.outcome));
  if (report.outcome.kind !== 'event') {
    const actual = describeOutcome(report.outcome);
    const sample = path.relative(path.resolve(__dirname, '..', 'events'), report.eventFile);
    const expected = expectations.get(sample);
    if (expected !== undefined)
      err(`invoke: ${report.fn.name} -> ${actual}; expected for events/${sample}: ${expected}${expected === actual ? '' : '  (DIFFERS)'}`);
    else err(`invoke: ${report.fn.name} -> ${actual}`);
  }
  return 0;
};

main().then(
  // Exit once the output is flushed: idle keep-alive sockets of the SDK must not hold the process open.
  (code) => stdout('', () => process.exit(code)),
  (error: unknown) => {
    const exitCode = error instanceof InvokeUsageError ? 2 : 1;
    const message =
      error instanceof InvokeUsageError || error instanceof InvokeError
        ? error.message
        : (error as NodeJS.ErrnoException)?.code === 'ECONNREFUSED'
          ? `cannot reach the local emulators (${(error as Error).message}); is npm start still running?`
          : ((error as Error)?.stack ?? String(error));
    process.stderr.write(`invoke: ${message}\n`, () => process.exit(exitCode));
  },
);
