/**
 * What the process writes to stdout and stderr, captured: Powertools writes
 * warnings and errors to stderr and the rest to stdout, and Lambda sends both
 * to the function's log, so a test of what is logged reads both.
 */
export function captureOutput(into: string[]): () => void {
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      into.push(String(chunk));
      return true;
    }),
  );
  return () => spies.forEach((spy) => spy.mockRestore());
}

/** Everything written to stdout and stderr while `run` runs, as one text. */
export function outputOf(run: () => void): string {
  const chunks: string[] = [];
  const restore = captureOutput(chunks);
  try {
    run();
  } finally {
    restore();
  }
  return chunks.join('');
}

/** An Embedded Metric Format line, as CloudWatch reads it from a function's log. */
export type EmfLine = {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
} & Record<string, unknown>;

/** The EMF lines written to stdout while `run` runs (Powertools Metrics flushes them there). */
export async function emfLines(run: () => unknown): Promise<EmfLine[]> {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return chunks
    .join('')
    .split('\n')
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}
