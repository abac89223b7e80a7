/**
 * The per-key limit of `npm start` (issue 11: "a key over its limit gets 429
 * with Retry-After locally"): a runtime of its own, started as the e2e setup
 * starts one but with low limits from LOCAL_RATE_LIMIT_* (the shared e2e
 * runtime runs with them off), and the demo key it created.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { expectDocumented } from '../support/e2e';
import { startRuntime, stopRuntime, type RunningRuntime } from '../support/runtime';

jest.setTimeout(120_000);

const PER_KEY = 5;
const PER_IP = 10;

let running: RunningRuntime | undefined;
let dataDir: string;
let apiKey: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-limits-'));
  running = await startRuntime(dataDir, {
    env: { LOCAL_RATE_LIMIT_PER_KEY: String(PER_KEY), LOCAL_RATE_LIMIT_PER_IP: String(PER_IP), LOCAL_RATE_LIMIT_WINDOW_SECONDS: '300' },
  });
  apiKey = readDemoFile(dataDir)!.apiKey;
});

afterAll(async () => {
  if (running) await stopRuntime(running);
  rmSync(dataDir, { recursive: true, force: true });
});

/** One GET with or without a key; every answer, the 429s included, is checked against openapi.json. */
const get = (route: string, key?: string) => {
  const url = `${running!.runtime.apiUrl}${route}`;
  return fetch(url, { headers: key === undefined ? {} : { 'X-API-Key': key } }).then(async (response) => {
    const text = await response.text();
    expectDocumented(url, 'GET', response, text);
    return { status: response.status, headers: response.headers, json: JSON.parse(text) as { error?: { code: string; message: string } } };
  });
};

it('says its limits when it starts', () => {
  expect(readFileSync(running!.logFile, 'utf8')).toContain(
    `${PER_KEY} requests per 300 s per API key, ${PER_IP} requests per 300 s per IP without a valid key`,
  );
});

it('answers a key over its limit 429 THROTTLED with Retry-After and the error body; another key of the same caller still passes', async () => {
  const first = [];
  for (let i = 0; i < PER_KEY; i++) first.push((await get('/carriers', apiKey)).status);
  expect(first).toEqual(Array(PER_KEY).fill(200));

  const over = await get('/carriers', apiKey);
  expect(over.status).toBe(429);
  expect(over.headers.get('content-type')).toMatch(/^application\/json/);
  const retryAfter = Number(over.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(over.json).toEqual({ error: { code: 'THROTTLED', message: expect.stringContaining(`${PER_KEY} requests per 300 s for this API key`) } });

  // A well-formed key the runtime does not know is counted on its own (and then refused by the function: 401).
  expect((await get('/carriers', `ship_api_${'0'.repeat(32)}`)).status).toBe(401);
});

it('counts requests without a valid key by address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= PER_IP && !statuses.includes(429); i++) statuses.push((await get('/carriers')).status);
  // The start-up probe made a few keyless requests already, so the 429 may come before the eleventh.
  expect(statuses.at(-1)).toBe(429);
  expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
});
