/**
 * SANDBOX_CARRIERS on the local runtime, as the prod stage sets it (`test`):
 * the demo's live key sees no sandbox carrier (its pricing group has only
 * those) and rates nothing, while the demo's test key sees them, rates and
 * ships; the admin CLI says what the running stack's setting means. An
 * unknown value stops npm start with the choices.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { REPOSITORY_ROOT, runAdminCli, TSX } from '../support/cli';
import { sampleRateBody } from '../support/rate-body';
import { runtimeEnv, startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';

jest.setTimeout(180_000);

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-sandbox-carriers-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start with SANDBOX_CARRIERS=test', () => {
  let running: RunningRuntime;
  let dataDir: string;
  const keys = { live: '', test: '' };
  beforeAll(async () => {
    dataDir = newDataDir();
    running = await startRuntime(dataDir, { env: { SANDBOX_CARRIERS: 'test' } });
    const demo = readDemoFile(dataDir)!;
    keys.live = demo.apiKey;
    keys.test = demo.testApiKey!;
  });
  afterAll(async () => {
    if (running) await stopRuntime(running);
  });

  const api = async (route: string, key: string, body?: unknown) => {
    const response = await fetch(`${running.runtime.apiUrl}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as { data?: unknown; error?: { code: string } } };
  };

  it('says so at start and in runtime.json', () => {
    expect(running.runtime.sandboxCarriers).toBe('test');
    // The whole log: the banner's route list grows with the interface, past any tail.
    expect(readFileSync(running.logFile, 'utf8')).toContain(
      'Sandbox    carriers CARRIERF, CARRIERX, CARRIERY, CARRIERZ answer test keys only (SANDBOX_CARRIERS=test)',
    );
  });

  it('a live key sees no sandbox carrier in carriers or carrier-services and rates nothing', async () => {
    expect(await api('/carriers', keys.live)).toEqual({ status: 200, json: { data: [] } });
    expect((await api('/carrier-services?carrierCode=CARRIERX', keys.live)).status).toBe(404);
    const rated = await api('/rate', keys.live, sampleRateBody());
    expect({ status: rated.status, code: rated.json.error?.code }).toEqual({ status: 422, code: 'NO_RATES' });
  });

  it('a test key sees them, rates and ships', async () => {
    const carriers = await api('/carriers', keys.test);
    expect((carriers.json.data as Array<{ code: string }>).map((c) => c.code)).toEqual(
      expect.arrayContaining(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF']),
    );
    expect((await api('/carrier-services?carrierCode=CARRIERX', keys.test)).status).toBe(200);
    const rated = await api('/rate', keys.test, sampleRateBody());
    expect(rated.status).toBe(200);
    const { rateResponseId } = (rated.json.data as { rates: Array<{ rateResponseId: string }> }).rates[0]!;
    const shipped = await api(`/ship/${rateResponseId}`, keys.test, {});
    expect({ status: shipped.status, mode: (shipped.json.data as { mode?: string } | undefined)?.mode }).toEqual({ status: 200, mode: 'test' });
  });

  it("the admin CLI's set-plan of a sandbox carrier notes what the running stack's setting means, beside the plan", async () => {
    const result = await runAdminCli(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CARRIERX'], runtimeEnv(dataDir));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ pricingGroupId: 'default', carrierCode: 'CARRIERX' });
    expect(result.stderr).toContain(
      'admin: note: CARRIERX is a sandbox carrier (no real shipment): the local stack (SANDBOX_CARRIERS=test) lets them answer test keys only',
    );
  });
});

it('npm start refuses an unknown SANDBOX_CARRIERS with the choices, before starting anything', async () => {
  const dataDir = newDataDir();
  const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      TSX,
      ['bin/local.ts'],
      { cwd: REPOSITORY_ROOT, env: runtimeEnv(dataDir, { PORT: '0', SANDBOX_CARRIERS: 'live' }), timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
  expect(result).toEqual({ code: 1, stderr: expect.stringContaining('npm start: SANDBOX_CARRIERS must be one of all, test, off, got "live"') });
});
