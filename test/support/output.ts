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
