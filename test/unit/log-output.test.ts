/**
 * The invocation's stdout lines held and written together (shared/observability/log-output.ts):
 * one write at the invocation's end, none lost at the end of a macrotask or at
 * exit, and stderr lines after what was held before them.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { holdLines, MAX_HELD, releaseLines, writeStderr, writeStdout } from '../../shared/observability/log-output';

type Written = Array<[stream: 'out' | 'err', text: string]>;

const capture = (): { written: Written; restore: () => void } => {
  const written: Written = [];
  const spies = (['out', 'err'] as const).map((stream) =>
    jest.spyOn(stream === 'out' ? process.stdout : process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push([stream, String(chunk)]);
      return true;
    }),
  );
  return { written, restore: () => spies.forEach((spy) => spy.mockRestore()) };
};

describe('log output', () => {
  let out: ReturnType<typeof capture>;
  beforeEach(() => {
    out = capture();
  });
  afterEach(() => {
    releaseLines();
    out.restore();
  });

  it('outside an invocation, writes each line at once', () => {
    writeStdout('a\n');
    writeStdout('b\n');
    expect(out.written).toEqual([
      ['out', 'a\n'],
      ['out', 'b\n'],
    ]);
  });

  it("within one, holds the stdout lines and writes them in one write at the invocation's end", () => {
    holdLines();
    writeStdout('{"message":"trace"}\n');
    writeStdout('{"_aws":{}}\n');
    expect(out.written).toEqual([]);
    releaseLines();
    expect(out.written).toEqual([['out', '{"message":"trace"}\n{"_aws":{}}\n']]);
    writeStdout('after\n');
    expect(out.written.at(-1)).toEqual(['out', 'after\n']);
  });

  it(`writes what is held once it passes ${MAX_HELD} characters, so no write nears a pipe's buffer`, () => {
    holdLines();
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 40; i += 1) writeStdout(line);
    const writes = out.written.map(([, text]) => text.length);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    for (const length of writes) expect(length).toBeLessThanOrEqual(MAX_HELD + line.length);
    releaseLines();
    expect(out.written.map(([, text]) => text).join('')).toBe(line.repeat(40));
  });

  it('a stderr line comes after the stdout lines held before it', () => {
    holdLines();
    writeStdout('first\n');
    writeStderr('warning\n');
    writeStdout('third\n');
    releaseLines();
    expect(out.written).toEqual([
      ['out', 'first\n'],
      ['err', 'warning\n'],
      ['out', 'third\n'],
    ]);
  });

  it('writes what is held when the macrotask that wrote it ends, before anything else is awaited, invocation over or not', async () => {
    holdLines();
    writeStdout('one\n');
    writeStdout('two\n');
    await Promise.resolve();
    expect(out.written).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.written).toEqual([['out', 'one\ntwo\n']]);
  });

  it('writes what is held when the process exits in the middle of an invocation', () => {
    const script = `
      const { holdLines, writeStdout } = require(${JSON.stringify(path.resolve(__dirname, '../../shared/observability/log-output.ts'))});
      holdLines();
      writeStdout('held until exit\\n');
      process.exit(3);
    `;
    let stdout = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const failed = error as { status?: number; stdout?: string };
      expect(failed.status).toBe(3);
      stdout = failed.stdout ?? '';
    }
    expect(stdout).toBe('held until exit\n');
  });
});
