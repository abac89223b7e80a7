/**
 * A batch survives kill -9 of `npm start` (docs/batches.md): a runtime of its
 * own ships a batch of sandbox rates slowly (each ship 400 ms late); once
 * some items have shipped and others have not, every process of the runtime
 * is killed with SIGKILL (no drain, no handler), then a new runtime starts
 * on the same DATA_DIR. Its queue hands the items again (the ones in flight
 * after their visibility timeout), the item leases left by the dead worker
 * are taken over once stale, and the batch completes with every item
 * shipped once: one order per item, no two items with one order or one
 * tracking number.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDemoFile } from '../../local/runtime-files';
import { apiCaller } from '../support/api-caller';
import { sampleRateBody } from '../support/rate-body';
import { killProcesses, processTree, startRuntime, stopRuntime, waitFor, waitUntilGone, type RunningRuntime } from '../support/runtime';

type Counts = { total: number; shipped: number; failed: number; cancelled: number; pending: number };
type Batch = { batchId: string; status: string; counts: Counts };
type Item = { index: number; status: string; orderId: string | null; trackingNumber: string | null };

const ITEMS = 24;
const env = {
  // Each ship takes 400 ms at the carrier: the batch is still running when the runtime is killed.
  SANDBOX_FAULTS: JSON.stringify({ CARRIERX: { latencyMs: 400, operations: ['ship'] } }),
  // A dead worker's lease is taken over 5 s after it was claimed, not a minute.
  BATCH_ITEM_LEASE_SECONDS: '5',
};

let runtime: RunningRuntime | undefined;
let dataDir: string;
let apiUrl: string;
const call = apiCaller(() => apiUrl);

const start = async () => {
  runtime = await startRuntime(dataDir, { env });
  apiUrl = runtime.runtime.apiUrl;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-batch-crash-e2e-'));
  await start();
}, 120_000);

afterAll(async () => {
  if (runtime) await stopRuntime(runtime);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const carrierXRates = async (key: string, count: number): Promise<string[]> => {
  const ids: string[] = [];
  while (ids.length < count) {
    const rated = await call(key, '/rate', { method: 'POST', body: JSON.stringify(sampleRateBody()) });
    expect(rated.status).toBe(200);
    for (const r of rated.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string } }>)
      if (r.carrier.code === 'CARRIERX') ids.push(r.rateResponseId);
  }
  return ids.slice(0, count);
};

it('kill -9 of the runtime mid-batch, then a restart: the batch completes with every item shipped once', async () => {
  const key = readDemoFile(dataDir)!.apiKey;
  const rates = await carrierXRates(key, ITEMS);
  const posted = await call(key, '/batches', { method: 'POST', body: JSON.stringify({ items: rates.map((rateResponseId) => ({ rateResponseId })) }) });
  expect(posted.status).toBe(202);
  const { batchId } = posted.json.data as unknown as Batch;

  const midway = await waitFor(
    'some items shipped, others not',
    async () => {
      const batch = (await call(key, `/batches/${batchId}`)).json.data as unknown as Batch;
      return batch.counts.shipped >= 2 ? batch : undefined;
    },
    60_000,
  );
  expect(midway.counts.pending).toBeGreaterThan(0);

  // SIGKILL to every process of the runtime at once: tsx, the runtime, DynamoDB Local.
  const tree = processTree(runtime!.child.pid!);
  await killProcesses(tree);
  expect(await waitUntilGone(tree, 10_000)).toEqual([]);
  runtime = undefined;

  await start();
  const done = await waitFor(
    'the batch to complete after the restart',
    async () => {
      const batch = (await call(key, `/batches/${batchId}`)).json.data as unknown as Batch;
      return batch.status === 'completed' || batch.status === 'completed_with_errors' ? batch : undefined;
    },
    120_000,
  );
  expect(done).toMatchObject({ status: 'completed', counts: { total: ITEMS, shipped: ITEMS, failed: 0, cancelled: 0, pending: 0 } });

  const items = (await call(key, `/batches/${batchId}/items`)).json.data!.items as Item[];
  expect(items.map((i) => i.index)).toEqual(Array.from({ length: ITEMS }, (_, i) => i));
  expect(items.every((i) => i.status === 'shipped' && i.orderId && i.trackingNumber)).toBe(true);
  expect(new Set(items.map((i) => i.orderId)).size).toBe(ITEMS);
  expect(new Set(items.map((i) => i.trackingNumber)).size).toBe(ITEMS);
  // Each order is the one its rate made, and answers as shipped.
  for (const item of items) expect((await call(key, `/track/${item.orderId!}`)).status).toBe(200);
}, 240_000);
