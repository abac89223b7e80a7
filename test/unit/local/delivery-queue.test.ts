/** The local stand-in for SQS and its event source: delays, redelivery after failure, the dead-letter file, durability across a restart. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { startLocalQueue, type LocalQueue, type QueueHandler } from '../../../local/delivery-queue';

const message = (deliveryId: string) => ({ companyId: 'c', webhookId: 'w', deliveryId, attempts: 0 });
let dir: string;
let queues: LocalQueue[] = [];
beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'local-queue-'))));
afterEach(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  queues = [];
  rmSync(dir, { recursive: true, force: true });
});

const start = (handler: QueueHandler, now: () => number, maxReceives = 3) => {
  const queue = startLocalQueue({
    name: 'q',
    fn: { name: 'consumer', entry: 'x', batchSize: 10, maxReceives },
    loadHandler: () => handler,
    file: path.join(dir, 'queue.json'),
    deadLetterFile: path.join(dir, 'dead.jsonl'),
    visibilitySeconds: 30,
    now,
    warn: () => undefined,
  });
  queues.push(queue);
  return queue;
};

it('hands a message once its delay has passed, as an SQS event, and forgets it when handled', async () => {
  let t = 1_000_000;
  const bodies: string[] = [];
  const queue = start(
    async (event: SQSEvent) => {
      bodies.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    },
    () => t,
  );
  await queue.send([message('a')], 10);
  await queue.drain();
  expect(bodies).toEqual([]);
  t += 10_000;
  await queue.drain();
  expect(bodies.map((b) => JSON.parse(b).deliveryId)).toEqual(['a']);
  expect(queue.size()).toBe(0);
});

it('hands a failed message again after the visibility timeout, and sets it aside after maxReceives', async () => {
  let t = 1_000_000;
  let calls = 0;
  const queue = start(
    async (event) => {
      calls += 1;
      return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
    },
    () => t,
    2,
  );
  await queue.send([message('b')], 0);
  await queue.drain();
  expect(calls).toBe(1);
  await queue.drain();
  expect(calls).toBe(1);
  t += 31_000;
  await queue.drain();
  expect(calls).toBe(2);
  expect(queue.size()).toBe(0);
  expect(JSON.parse(readFileSync(path.join(dir, 'dead.jsonl'), 'utf8'))).toMatchObject({ queue: 'q', receives: 2 });
});

it('keeps its messages across a restart', async () => {
  const t = 1_000_000;
  const first = start(
    async () => ({ batchItemFailures: [] }),
    () => t,
  );
  await first.send([message('c')], 60);
  await first.stop();
  const bodies: string[] = [];
  const second = start(
    async (event) => {
      bodies.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    },
    () => t + 61_000,
  );
  expect(second.size()).toBe(1);
  await second.drain();
  expect(bodies.map((b) => JSON.parse(b).deliveryId)).toEqual(['c']);
});
