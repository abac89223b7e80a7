/** How the local runtime finds the processes that started it, and the gate that drains requests on stop. */
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brokenLink, drainingGate, launcherChain, localWatchPid, parseProcStat, type ProcessInfo } from '../../../local/lifecycle';

const table = (rows: Record<number, ProcessInfo>) => (pid: number) => rows[pid];

describe('parseProcStat', () => {
  it('reads ppid and process group after the command name, which may hold spaces and parentheses', () => {
    expect(parseProcStat('4242 (node) S 4241 4200 4200 0 -1 4194304 0 0')).toEqual({ ppid: 4241, pgid: 4200 });
    expect(parseProcStat('77 (a (b) c) R 1 77 77 0 -1 0 0 0')).toEqual({ ppid: 1, pgid: 77 });
  });

  it('is undefined for text that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('garbage')).toBeUndefined();
  });
});

describe('launcherChain', () => {
  // A terminal's job: bash (50, its own group) started npm (100, the group leader) → sh → tsx → node.
  const npmStart = table({
    50: { ppid: 10, pgid: 50 },
    100: { ppid: 50, pgid: 100 },
    101: { ppid: 100, pgid: 100 },
    102: { ppid: 101, pgid: 100 },
    103: { ppid: 102, pgid: 100 },
  });

  it('npm start: node → tsx → sh → npm, and not above npm (the leader), so `setsid npm start &` outlives its shell', () => {
    expect(launcherChain(103, npmStart)).toEqual([
      { child: 103, parent: 102 },
      { child: 102, parent: 101 },
      { child: 101, parent: 100 },
    ]);
  });

  it('tsx started as a group leader (the e2e helper): only node → tsx', () => {
    const rows = table({ 250: { ppid: 1, pgid: 250 }, 300: { ppid: 250, pgid: 300 }, 301: { ppid: 300, pgid: 300 } });
    expect(launcherChain(301, rows)).toEqual([{ child: 301, parent: 300 }]);
  });

  it('a runtime that leads its own group still watches its parent', () => {
    const rows = table({ 150: { ppid: 1, pgid: 150 }, 200: { ppid: 150, pgid: 200 } });
    expect(launcherChain(200, rows)).toEqual([{ child: 200, parent: 150 }]);
  });

  it('an orphan (parent init) or an unknown process watches nothing', () => {
    expect(launcherChain(5, table({ 5: { ppid: 1, pgid: 5 } }))).toEqual([]);
    expect(launcherChain(6, table({}))).toEqual([]);
  });

  it('stops at a fixed depth when everything shares one group', () => {
    const rows: Record<number, ProcessInfo> = {};
    for (let pid = 2; pid <= 100; pid++) rows[pid] = { ppid: pid - 1, pgid: 7 };
    expect(launcherChain(100, table(rows), 5)).toHaveLength(5);
  });
});

describe('launcherChain up to LOCAL_WATCH_PID', () => {
  // A test process (250, under Jest 240) started tsx (300) as the leader of its own group, tsx started node (301).
  const e2e = table({
    240: { ppid: 10, pgid: 240 },
    250: { ppid: 240, pgid: 240 },
    300: { ppid: 250, pgid: 300 },
    301: { ppid: 300, pgid: 300 },
  });

  it('past the group leader to the watched process: node → tsx → the test process, so killing the test stops the runtime', () => {
    expect(launcherChain(301, e2e, 32, 250)).toEqual([
      { child: 301, parent: 300 },
      { child: 300, parent: 250 },
    ]);
  });

  it('no further than the watched process, and through as many groups as stand between', () => {
    expect(launcherChain(301, e2e, 32, 240)).toEqual([
      { child: 301, parent: 300 },
      { child: 300, parent: 250 },
      { child: 250, parent: 240 },
    ]);
    expect(launcherChain(301, e2e, 32, 300)).toEqual([{ child: 301, parent: 300 }]);
  });

  it('a process that did not start the runtime is refused: it would watch nothing of what it meant', () => {
    expect(() => launcherChain(301, e2e, 32, 999)).toThrow('LOCAL_WATCH_PID 999 did not start this runtime (its launchers: 300, 250, 240, 10)');
    expect(() => launcherChain(301, e2e, 32, 301)).toThrow('LOCAL_WATCH_PID 301 did not start this runtime (its launchers: 300, 250, 240, 10)');
  });
});

describe('localWatchPid', () => {
  it('unset or empty: none; a pid: that pid', () => {
    expect(localWatchPid({})).toBeUndefined();
    expect(localWatchPid({ LOCAL_WATCH_PID: '' })).toBeUndefined();
    expect(localWatchPid({ LOCAL_WATCH_PID: '4242' })).toBe(4242);
  });

  it.each(['1', '0', '-5', '12.5', 'abc', '4242 ', '99999999999999999999'])('%j is refused', (raw) => {
    expect(() => localWatchPid({ LOCAL_WATCH_PID: raw })).toThrow(
      `LOCAL_WATCH_PID must be the pid of a process that started this runtime (above 1), got "${raw}"`,
    );
  });
});

describe('brokenLink', () => {
  const links = [
    { child: 103, parent: 102 },
    { child: 102, parent: 101 },
  ];

  it('is undefined while every child still has its parent', () => {
    expect(
      brokenLink(
        links,
        new Map([
          [103, { ppid: 102, pgid: 100 }],
          [102, { ppid: 101, pgid: 100 }],
        ]),
      ),
    ).toBeUndefined();
  });

  it('finds a child that was re-parented (its parent exited) or is gone', () => {
    expect(
      brokenLink(
        links,
        new Map([
          [103, { ppid: 102, pgid: 100 }],
          [102, { ppid: 1, pgid: 100 }],
        ]),
      ),
    ).toEqual({ child: 102, parent: 101 });
    expect(brokenLink(links, new Map([[103, { ppid: 102, pgid: 100 }]]))).toEqual({ child: 102, parent: 101 });
  });
});

describe('drainingGate', () => {
  let server: Server;
  let release: () => void;
  let port: number;

  beforeEach(async () => {
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    release = unblock;
    // Like local/api-gateway.ts, the listener returns its work.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- returned on purpose, as above
    server = createServer((req, res) => {
      if (req.url === '/slow') return blocked.then(() => res.end('slow done'));
      res.end('fast');
      return undefined;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, agent?: Agent) =>
    new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      })
        .on('error', reject)
        .end();
    });

  it('lets the request in flight finish, refuses new connections, and reports idle once it is done', async () => {
    const gate = drainingGate(server);
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.inFlight).toBe(1);

    gate.close();
    expect(gate.draining).toBe(true);
    await expect(get('/fast')).rejects.toThrow(/ECONNREFUSED/);
    expect(await gate.idle(50)).toBe(false);

    release();
    expect(await slow).toEqual({ status: 200, body: 'slow done', connection: 'close' });
    expect(await gate.idle(1_000)).toBe(true);
    expect(gate.inFlight).toBe(0);
  });

  it('a request whose client has gone stays in flight until its handler is done', async () => {
    const gate = drainingGate(server);
    const client = request({ port, host: '127.0.0.1', path: '/slow' });
    client.on('error', () => undefined);
    client.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.inFlight).toBe(1);
    gate.close();
    expect(await gate.idle(50)).toBe(false);
    release();
    expect(await gate.idle(1_000)).toBe(true);
  });

  it('closes a keep-alive connection after its current response; a request queued on it is not served', async () => {
    const gate = drainingGate(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let served = 0;
    server.prependListener('request', () => served++);
    try {
      const slow = get('/slow', agent);
      await new Promise((resolve) => setTimeout(resolve, 50));
      gate.close();
      const queued = get('/fast', agent);
      release();
      expect(await slow).toEqual({ status: 200, body: 'slow done', connection: 'close' });
      // The agent sends it on a new connection, which is refused.
      await expect(queued).rejects.toThrow(/ECONNREFUSED|socket hang up|ECONNRESET/);
      expect(served).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
