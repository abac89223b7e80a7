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

describe('a FIFO queue (the batch items)', () => {
  const startFifo = (handler: QueueHandler, now: () => number) => {
    const queue = startLocalQueue({
      name: 'fifo',
      fifo: true,
      fn: { name: 'consumer', entry: 'x', batchSize: 1, maxReceives: 3 },
      loadHandler: () => handler,
      file: path.join(dir, 'fifo.json'),
      visibilitySeconds: 30,
      now,
      warn: () => undefined,
    });
    queues.push(queue);
    return queue;
  };
  const item = (group: string, n: number) => ({ group, dedupeId: `${group}-${n}`, n });

  it('hands one message of a group at a time, oldest first, groups side by side', async () => {
    let running = new Map<string, number>();
    let most = 0;
    const order: string[] = [];
    const queue = startFifo(
      async (event) => {
        const { group, dedupeId } = JSON.parse(event.Records[0]!.body) as { group: string; dedupeId: string };
        running.set(group, (running.get(group) ?? 0) + 1);
        most = Math.max(most, ...running.values());
        await new Promise((resolve) => setImmediate(resolve));
        order.push(dedupeId);
        running.set(group, running.get(group)! - 1);
        return { batchItemFailures: [] };
      },
      () => 0,
    );
    await queue.send([item('a', 0), item('b', 0), item('a', 1), item('a', 2), item('b', 1)], 0);
    while (queue.size() > 0) await queue.drain();
    expect(most).toBe(1);
    expect(order.filter((id) => id.startsWith('a'))).toEqual(['a-0', 'a-1', 'a-2']);
    expect(order.filter((id) => id.startsWith('b'))).toEqual(['b-0', 'b-1']);
    running = new Map();
  });

  it('keeps a message whose dedupeId it holds once', async () => {
    const queue = startFifo(
      async () => ({ batchItemFailures: [] }),
      () => 0,
    );
    await queue.send([item('a', 0), item('a', 0)], 0);
    await queue.send([item('a', 0)], 0);
    expect(queue.size()).toBe(1);
  });

  it("holds a group's later messages while its failed head waits for the visibility timeout", async () => {
    let t = 1_000_000;
    const handed: string[] = [];
    let failFirst = true;
    const queue = startFifo(
      async (event) => {
        const { dedupeId } = JSON.parse(event.Records[0]!.body) as { dedupeId: string };
        handed.push(dedupeId);
        if (dedupeId === 'a-0' && failFirst) {
          failFirst = false;
          return { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] };
        }
        return { batchItemFailures: [] };
      },
      () => t,
    );
    await queue.send([item('a', 0), item('a', 1)], 0);
    await queue.drain();
    await queue.drain();
    expect(handed).toEqual(['a-0']);
    t += 30_000;
    while (queue.size() > 0) await queue.drain();
    expect(handed).toEqual(['a-0', 'a-0', 'a-1']);
  });
});
