/**
 * `npm start` is private and stops cleanly (issue 6, items 5 and 6), tried
 * on the real npm process (npm → sh → tsx → node → DynamoDB Local), each
 * with its own temporary DATA_DIR:
 *
 * - everything it starts listens on 127.0.0.1 only; DATA_DIR is 0700 and the
 *   files in it 0600, an older looser DATA_DIR included;
 * - SIGTERM to the npm process alone: the request in flight still answers
 *   200, a new connection is refused, and no process it started is left;
 * - SIGHUP to tsx (which does not pass SIGHUP on) and SIGINT to the whole
 *   process group: nothing is left either;
 * - DynamoDB Local killed with SIGKILL: the runtime notices and exits
 *   non-zero, and so does npm;
 * - a runtime an e2e test started (`startRuntime`: tsx leading its own
 *   process group) stops with DynamoDB Local when the test process is killed.
 *
 * The runtimes start together (beforeAll) to keep the file short; each test
 * then stops its own. The process trees are read before any signal, and
 * afterAll ends whatever is left of them, so a failing test leaves nothing
 * running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, readDemoFile, type RuntimeFile } from '../../local/runtime-files';
import { REPOSITORY_ROOT } from '../support/cli';
import { expectDocumented } from '../support/e2e';
import {
  isLoopback,
  killProcesses,
  listeningSocketsOf,
  processTree,
  runtimeLog,
  serverHasRead,
  startNpmStart,
  stopRuntime,
  waitFor,
  waitUntilGone,
  type ProcessEntry,
  type RunningRuntime,
} from '../support/runtime';

jest.setTimeout(60_000);

const linux = process.platform === 'linux';
/**
 * How long a stop may take before something left counts as left: the runtime exits at most 15 s after its stop
 * begins (STOP_DEADLINE_MS in bin/local.ts: the drain is 5 s at most, the emulators stop in about 1 s), and
 * DynamoDB Local's watchdog ends the JVM within a second of that; the rest is room for a loaded machine. How fast
 * a stop is, is not what these tests hold.
 */
const STOP_WITHIN_MS = 30_000;
/** CARRIERY answers after 1.5 s, so a rate request is still in flight when the signal comes. */
const SLOW_CARRIER = { SANDBOX_FAULTS: JSON.stringify({ CARRIERY: { latencyMs: 1500 } }) };

type Started = { running: RunningRuntime; tree: ProcessEntry[]; dataDir: string };
const started: Started[] = [];
const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'shipping-lifecycle-'));

/** `npm start` on `dataDir`, with its process tree as it is once it serves. */
const start = async (env: NodeJS.ProcessEnv = {}, dataDir = newDataDir()): Promise<Started> => {
  try {
    const running = await startNpmStart(dataDir, { env });
    const entry = { running, tree: processTree(running.child.pid!), dataDir };
    started.push(entry);
    return entry;
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
};

afterAll(async () => {
  for (const { running, tree, dataDir } of started.splice(0)) {
    await killProcesses(tree);
    await stopRuntime(running, 1_000);
    if (process.env.E2E_KEEP_DATA === '1') console.log(`lifecycle: DATA_DIR kept at ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
});

const exitOf = (child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

/** The processes of the tree, by role: npm, tsx (the CLI), node (the runtime), java (DynamoDB Local). */
const roles = (entry: Started) => {
  const node = entry.running.runtime.pid;
  const tsx = entry.tree.find((p) => p.pid === node)!.ppid;
  return { npm: entry.running.child.pid!, tsx, node, java: entry.running.runtime.dynamodb.pid };
};

const describeLeft = (left: ProcessEntry[]) => left.map((p) => `${p.pid} ${p.command}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const todaysRateBody = () => {
  const body = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'events', 'rate-body.json'), 'utf8')) as { shippingOptions: { shippingDate: string } };
  body.shippingOptions.shippingDate = new Date().toISOString().slice(0, 10);
  return JSON.stringify(body);
};

/**
 * POST /v1/rate with the README's sample body and the demo key, on a connection of its own: `sent` gives the
 * client's port once the whole request is written; the answer is checked against openapi.json.
 */
const rateRequest = (entry: Started) => {
  const url = new URL(`${entry.running.runtime.apiUrl}/rate`);
  const body = todaysRateBody();
  let written: (port: number) => void = () => undefined;
  const sent = new Promise<number>((resolve) => (written = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers = { 'x-api-key': readDemoFile(entry.dataDir)!.apiKey, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const request = httpRequest(url, { method: 'POST', agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) answered.set(name, Array.isArray(value) ? value.join(', ') : value);
        expectDocumented(url.href, 'POST', new Response(text, { status: response.statusCode!, headers: answered }), text);
        resolve({ status: response.statusCode!, body: text });
      });
    });
    request.on('error', reject);
    request.end(body, () => written(request.socket!.localPort!));
  });
  return { sent, answer };
};

/** A DATA_DIR as an older version left it: 0755, with a world-readable file in dynamodb/. */
const looseDataDir = () => {
  const dataDir = newDataDir();
  const dynamodb = dataPaths(dataDir).dynamodb;
  mkdirSync(dynamodb);
  writeFileSync(path.join(dynamodb, 'left-by-an-older-start'), 'x');
  chmodSync(path.join(dynamodb, 'left-by-an-older-start'), 0o644);
  chmodSync(dynamodb, 0o755);
  chmodSync(dataDir, 0o755);
  return dataDir;
};

let runs: { sigterm: Started; sighup: Started; sigint: Started; sigkill: Started };

beforeAll(async () => {
  const results = await Promise.allSettled([start(SLOW_CARRIER, looseDataDir()), start(), start(), start()]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [sigterm, sighup, sigint, sigkill] = results.map((r) => (r as PromiseFulfilledResult<Started>).value) as [Started, Started, Started, Started];
  runs = { sigterm, sighup, sigint, sigkill };
}, 180_000);

describe('npm start is private', () => {
  (linux ? it : it.skip)('every process it started listens on 127.0.0.1 only, DynamoDB Local included (/proc/net/tcp, tcp6)', () => {
    const { tree, running } = runs.sigterm;
    const { runtime } = running;
    const sockets = listeningSocketsOf(tree.map((p) => p.pid));
    expect(sockets.filter((s) => !isLoopback(s.address))).toEqual([]);
    const dynamodbPort = Number(new URL(runtime.dynamodb.endpoint).port);
    expect(sockets.map((s) => s.port)).toEqual(expect.arrayContaining([runtime.port, dynamodbPort, Number(new URL(runtime.s3.endpoint).port)]));
    expect(sockets.find((s) => s.port === dynamodbPort)).toEqual(expect.objectContaining({ address: '127.0.0.1', pid: roles(runs.sigterm).java }));
  });

  it('DATA_DIR and its folders are 0700 and its files 0600, those of an older, looser DATA_DIR included', () => {
    const { dataDir } = runs.sigterm;
    const mode = (file: string) => statSync(file).mode & 0o777;
    const paths = dataPaths(dataDir);
    expect({
      dataDir: mode(dataDir),
      dynamodb: mode(paths.dynamodb),
      s3: mode(paths.s3),
      demo: mode(paths.demo),
      runtime: mode(paths.runtime),
      database: mode(path.join(paths.dynamodb, 'shared-local-instance.db')),
      older: mode(path.join(paths.dynamodb, 'left-by-an-older-start')),
    }).toEqual({ dataDir: 0o700, dynamodb: 0o700, s3: 0o700, demo: 0o600, runtime: 0o600, database: 0o600, older: 0o600 });
  });
});

describe('npm start stops cleanly', () => {
  it('SIGTERM to the npm process alone: the request in flight answers 200, a new connection is refused, nothing is left', async () => {
    const entry = runs.sigterm;
    const { runtime } = entry.running;
    const inFlight = rateRequest(entry);
    // In flight: the runtime has read the request (its gate counts it), whatever the time that took on this machine.
    const clientPort = await inFlight.sent;
    if (linux) await waitFor('the runtime to read the rate request', () => serverHasRead(runtime.port, clientPort) || undefined, STOP_WITHIN_MS);
    else await sleep(400);
    let answered = false;
    const answer = inFlight.answer.finally(() => (answered = true));

    process.kill(roles(entry).npm, 'SIGTERM');
    const npmExit = exitOf(entry.running.child);

    // Once the runtime has the signal its listener is closed, while the request above still waits for CARRIERY.
    const refused = await waitFor(
      'a new connection refused',
      async () => {
        const late = await fetch(`${runtime.apiUrl}/carriers`, { headers: { connection: 'close' } }).then(
          (response) => response.status,
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
        );
        return late === 'ECONNREFUSED' ? { whileInFlight: !answered } : undefined;
      },
      STOP_WITHIN_MS,
    );
    expect(refused).toEqual({ whileInFlight: true });

    const rated = await answer;
    expect(rated.status).toBe(200);
    expect((JSON.parse(rated.body) as { data: { rates: Array<{ carrier: { code: string } }> } }).data.rates.map((r) => r.carrier.code)).toContain('CARRIERY');

    const left = await waitUntilGone(entry.tree, STOP_WITHIN_MS);
    expect(describeLeft(left)).toEqual([]);
    await npmExit;
    expect(() => statSync(dataPaths(entry.dataDir).runtime)).toThrow();
    expect(runtimeLog(entry.running)).toMatch(/Stopping \(/);
  });

  it('SIGHUP to tsx, which does not pass it on: the runtime notices its launcher is gone and nothing is left', async () => {
    const entry = runs.sighup;
    process.kill(roles(entry).tsx, 'SIGHUP');
    const left = await waitUntilGone(entry.tree, STOP_WITHIN_MS);
    expect(describeLeft(left)).toEqual([]);
    expect(runtimeLog(entry.running)).toMatch(/Stopping \(process \d+, which started this runtime, is gone\)/);
  });

  // No request in flight here: tsx passes a SIGINT it receives on to the runtime and SIGKILLs it when the runtime's
  // acknowledgement (over tsx's own IPC) misses a 2 × 30 ms window, which happens on a loaded machine. The drain on
  // SIGINT/SIGTERM to tsx is only as reliable as that; SIGTERM to npm alone (above) does not go through tsx.
  it('SIGINT to the whole process group (Ctrl-C): nothing is left, and the runtime stopped DynamoDB Local itself', async () => {
    const entry = runs.sigint;
    process.kill(-entry.running.child.pid!, 'SIGINT');
    const left = await waitUntilGone(entry.tree, STOP_WITHIN_MS);
    expect(describeLeft(left)).toEqual([]);
    expect(runtimeLog(entry.running)).toMatch(/Stopping \(SIGINT\)/);
    expect(runtimeLog(entry.running)).not.toMatch(/DynamoDB Local .* exited on its own/);
  });

  it('DynamoDB Local killed with SIGKILL: the runtime logs it and exits non-zero instead of answering 500s', async () => {
    const entry = runs.sigkill;
    const { java } = roles(entry);
    const npmExit = exitOf(entry.running.child);
    process.kill(java, 'SIGKILL');
    const left = await waitUntilGone(entry.tree, STOP_WITHIN_MS);
    expect(describeLeft(left)).toEqual([]);
    expect((await npmExit).code).not.toBe(0);
    expect(runtimeLog(entry.running)).toMatch(new RegExp(`DynamoDB Local \\(pid ${java}\\) exited on its own \\(SIGKILL\\)`));
  });

  // npm passes SIGINT only to the `sh -c "<start script>"` it runs; the start script execs node, so there is no
  // shell in between to hold it, and SIGINT to the npm process alone reaches the runtime.
  it('SIGINT to the npm process alone: nothing is left', async () => {
    const entry = await start();
    process.kill(roles(entry).npm, 'SIGINT');
    const left = await waitUntilGone(entry.tree, STOP_WITHIN_MS);
    expect(describeLeft(left)).toEqual([]);
  });
});

describe('a runtime the tests start', () => {
  type Started = { starter: number; leader: number; runtime: RuntimeFile; logFile: string };

  /** A process that starts a runtime with test/support/runtime.ts, as a test file does, and what it started. */
  const startStarter = (dataDir: string) =>
    new Promise<{ child: ChildProcess; started: Started }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/runtime-starter.ts', dataDir], {
        cwd: REPOSITORY_ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve({ child, started: JSON.parse(out.slice(0, out.indexOf('\n'))) as Started });
      });
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      child.once('exit', (code, signal) => reject(new Error(`the starter exited (${code ?? signal}) before its runtime served: ${errors}`)));
    });

  it('SIGTERM to the test process that started it (Jest killed): the runtime and its DynamoDB Local stop', async () => {
    const dataDir = newDataDir();
    const { child, started } = await startStarter(dataDir);
    const tree = processTree(started.starter);
    try {
      // starter → tsx (the leader of the runtime's group) → node (the runtime) → DynamoDB Local.
      expect(tree.map((p) => p.pid)).toEqual(expect.arrayContaining([started.leader, started.runtime.pid, started.runtime.dynamodb.pid]));
      process.kill(started.starter, 'SIGTERM');
      const left = await waitUntilGone(tree, STOP_WITHIN_MS);
      expect(describeLeft(left)).toEqual([]);
      expect(readFileSync(started.logFile, 'utf8')).toContain(`Stopping (process ${started.starter}, which started this runtime, is gone)`);
    } finally {
      child.stdin!.end();
      await killProcesses(tree);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
