/**
 * The notify function against DynamoDB Local: the real handler, fed
 * stream-shaped events (as Lambda delivers them: binary attributes in
 * base64), sends each status e-mail once per order and status into a file
 * outbox, whatever the stream repeats or reorders, and reports a record whose
 * e-mail could not be sent in `batchItemFailures`, alone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ScanCommand } from '../../shared/aws/dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createNotifyHandler } from '../../functions/notify/handler';
import type { Order, TrackingEvent, TransitStatus } from '../../shared/domain/entities';
import { createOutboxSender, listOutbox, type OutboxFile } from '../../shared/notify/outbox';
import type { EmailMessage, EmailSender } from '../../shared/notify/email-port';
import { FUNCTIONS } from '../../shared/functions';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys } from '../../shared/store/keys';
import { claimNotification, getNotificationMarker } from '../../shared/store/notifications';
import { useFreshStack } from '../support/stack';
import { carrierXOrder } from '../support/records';

const stack = useFreshStack();

let outbox: string;
beforeEach(() => {
  outbox = mkdtempSync(path.join(os.tmpdir(), 'notify-outbox-'));
});
afterEach(() => rmSync(outbox, { recursive: true, force: true }));

const SETTINGS = ['EMAIL_OUTBOX_DIR', 'EMAIL_FROM', 'NOTIFY_LEASE_SECONDS'] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const event = (status: TransitStatus, occurredAt: string): TrackingEvent => ({
  status,
  code: status === 'delivered' ? 'DELIVERED' : status === 'intransit' ? 'PICKED_UP' : 'LABEL_CREATED',
  description: status,
  occurredAt,
});

/** An order as the store keeps it; `journey` is its statuses so far, oldest first. */
const orderOf = (journey: TransitStatus[], notification: Order['notification'], orderId: string = randomUUID()): Order =>
  carrierXOrder({
    orderId,
    companyId: randomUUID(),
    rateResponseId: randomUUID(),
    rateRequestId: randomUUID(),
    status: journey.at(-1)!,
    notification,
    createdDate: '2026-05-04T14:00:00.000Z',
    events: journey
      .slice(1)
      .map((status, i) => event(status, `2026-05-0${5 + i}T10:00:00.000Z`))
      .reverse(),
    version: journey.length - 1,
  });

const asked = (...statuses: TransitStatus[]): Order['notification'] => ({ email: 'buyer@example.com', statuses });

/** The image of an order item, as JSON in a Lambda event: binary attributes base64-encoded. */
const image = (order: Order) =>
  JSON.parse(
    JSON.stringify(
      marshall({ ...keys.order(order.orderId), entityType: 'order', ...order, requestGzip: gzipSync('{"shipper":{}}') }, { removeUndefinedValues: true }),
      (_key, value) => (value && value.type === 'Buffer' && Array.isArray(value.data) ? Buffer.from(value.data).toString('base64') : value),
    ),
  );

let sequence = 1000;
const record = (next: Order | undefined, previous?: Order, key = next ?? previous!): DynamoDBRecord => ({
  eventID: randomUUID().replace(/-/g, ''),
  eventName: next && previous ? 'MODIFY' : next ? 'INSERT' : 'REMOVE',
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'us-east-1',
  dynamodb: {
    ApproximateCreationDateTime: 1777932003,
    Keys: { pk: { S: keys.order(key.orderId).pk }, sk: { S: keys.order(key.orderId).sk } },
    ...(next ? { NewImage: image(next) } : {}),
    ...(previous ? { OldImage: image(previous) } : {}),
    SequenceNumber: String((sequence += 1)),
    SizeBytes: 1200,
    StreamViewType: 'NEW_AND_OLD_IMAGES',
  },
  eventSourceARN: 'arn:aws:dynamodb:us-east-1:123456789012:table/shipping/stream/2026-05-01T00:00:00.000',
});

const batch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A notify function as one container would have it, writing to the outbox and counting what it sends. */
const notifyFunction = (sender: EmailSender = createOutboxSender(outbox)) => {
  const sent: EmailMessage[] = [];
  const counting: EmailSender = {
    send: async (message) => {
      const out = await sender.send(message);
      sent.push(message);
      return out;
    },
  };
  const handler = createNotifyHandler({ sender: counting });
  return { sent, invoke: (e: DynamoDBStreamEvent) => handler(e, {} as Context) };
};

const outboxOf = (orderId: string) => listOutbox(outbox).filter((m) => m.orderId === orderId);
const failuresOf = (response: DynamoDBBatchResponse) => response.batchItemFailures.map((f) => f.itemIdentifier);
const sequenceOf = (r: DynamoDBRecord) => r.dynamodb!.SequenceNumber!;

describe('one e-mail per order and status', () => {
  it('pending to intransit, intransit asked: one e-mail to the address, its marker says sent', async () => {
    const before = orderOf(['pending'], asked('intransit'));
    const after = orderOf(['pending', 'intransit'], asked('intransit'), before.orderId);
    const { invoke } = notifyFunction();
    expect(await invoke(batch(record(after, before)))).toEqual({ batchItemFailures: [] });

    expect(outboxOf(after.orderId)).toEqual([
      {
        to: 'buyer@example.com',
        subject: 'Your shipment is on its way: 794612345678',
        orderId: after.orderId,
        status: 'intransit',
        sentAt: expect.any(String),
      },
    ]);
    const [file] = readdirSync(outbox);
    const written = JSON.parse(readFileSync(path.join(outbox, file!), 'utf8')) as OutboxFile;
    expect(written.text).toContain('Carrier: Carrier X Express');
    expect(written.html).toContain(after.trackingUrl);
    expect(await getNotificationMarker(after.orderId, 'intransit')).toEqual({
      state: 'sent',
      token: expect.any(String),
      sentAt: expect.any(String),
      messageId: written.messageId,
    });
  });

  it('the same batch delivered twice, to two containers one after the other: still one', async () => {
    const before = orderOf(['pending'], asked('intransit'));
    const after = orderOf(['pending', 'intransit'], asked('intransit'), before.orderId);
    const same = batch(record(after, before));
    expect(await notifyFunction().invoke(same)).toEqual({ batchItemFailures: [] });
    expect(await notifyFunction().invoke(same)).toEqual({ batchItemFailures: [] });
    expect(outboxOf(after.orderId).map((m) => m.status)).toEqual(['intransit']);
  });

  it('the same record to two containers at once: one e-mail, and the loser is retried, not dropped', async () => {
    const before = orderOf(['pending'], asked('intransit'));
    const after = orderOf(['pending', 'intransit'], asked('intransit'), before.orderId);
    const same = batch(record(after, before));
    const [a, b] = [notifyFunction(), notifyFunction()];
    const answers = await Promise.all([a.invoke(same).catch((e: Error) => e), b.invoke(same).catch((e: Error) => e)]);
    expect(a.sent.length + b.sent.length).toBe(1);
    expect(outboxOf(after.orderId)).toHaveLength(1);
    // The loser found the e-mail sent (skipped) or still being sent (its only record failed: the whole batch, to be retried).
    for (const answer of answers) {
      if (answer instanceof Error) expect((answer as Error & { recordErrors: Error[] }).recordErrors.map((e) => e.name)).toEqual(['NotificationInFlight']);
    }
    expect(await notifyFunction().invoke(same)).toEqual({ batchItemFailures: [] });
    expect(outboxOf(after.orderId)).toHaveLength(1);
  });

  it('out of order (delivered before intransit) for an order asking both: one of each, intransit first, none lost', async () => {
    const pending = orderOf(['pending'], asked('intransit', 'delivered'));
    const intransit = orderOf(['pending', 'intransit'], asked('intransit', 'delivered'), pending.orderId);
    const delivered = orderOf(['pending', 'intransit', 'delivered'], asked('intransit', 'delivered'), pending.orderId);
    const { invoke, sent } = notifyFunction();
    expect(await invoke(batch(record(delivered, intransit), record(intransit, pending)))).toEqual({ batchItemFailures: [] });
    expect(sent.map((m) => m.status)).toEqual(['intransit', 'delivered']);
    expect(
      outboxOf(pending.orderId)
        .map((m) => m.status)
        .sort(),
    ).toEqual(['delivered', 'intransit']);
  });

  it('pending straight to delivered between two checks: the intransit e-mail is not lost', async () => {
    const pending = orderOf(['pending'], asked('intransit', 'delivered'));
    const delivered = orderOf(['pending', 'intransit', 'delivered'], asked('intransit', 'delivered'), pending.orderId);
    const { invoke, sent } = notifyFunction();
    await invoke(batch(record(delivered, pending)));
    expect(sent.map((m) => m.status)).toEqual(['intransit', 'delivered']);
  });

  it('an order created pending, pending asked: one e-mail from its INSERT record', async () => {
    const order = orderOf(['pending'], asked('pending', 'intransit'));
    const { invoke } = notifyFunction();
    await invoke(batch(record(order)));
    expect(outboxOf(order.orderId).map((m) => m.status)).toEqual(['pending']);
  });
});

describe('no e-mail', () => {
  it('for an order without an address', async () => {
    const before = orderOf(['pending'], { statuses: ['intransit'] });
    const after = orderOf(['pending', 'intransit'], { statuses: ['intransit'] }, before.orderId);
    const { invoke, sent } = notifyFunction();
    expect(await invoke(batch(record(after, before)))).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([]);
    expect(await getNotificationMarker(after.orderId, 'intransit')).toBeUndefined();
  });

  it('for statuses not asked', async () => {
    const before = orderOf(['pending'], asked('delivered'));
    const after = orderOf(['pending', 'intransit'], asked('delivered'), before.orderId);
    const { invoke, sent } = notifyFunction();
    expect(await invoke(batch(record(after, before)))).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([]);
  });

  it('for records that hold no order: skipped, not failed (a removal, another kind of item)', async () => {
    const order = orderOf(['pending', 'intransit'], asked('intransit'));
    const removal = record(undefined, order);
    const rateResponse = record(order);
    rateResponse.dynamodb!.NewImage!.pk = { S: keys.rateResponse(order.orderId).pk };
    rateResponse.dynamodb!.NewImage!.sk = { S: keys.rateResponse(order.orderId).sk };
    const { invoke, sent } = notifyFunction();
    expect(await invoke(batch(removal, rateResponse))).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([]);
  });
});

describe('failures', () => {
  it('a send that fails for one record fails that record alone; a later retry sends it once', async () => {
    const orders = [0, 1, 2].map(() => orderOf(['pending', 'intransit'], asked('intransit')));
    const before = orders.map((o) => ({ ...o, status: 'pending' as const, events: [] }));
    const records = orders.map((o, i) => record(o, before[i]));
    const failing = orders[1]!.orderId;
    const outboxSender = createOutboxSender(outbox);
    const flaky: EmailSender = {
      send: async (message) => {
        if (message.orderId === failing) throw new Error('SES throttled');
        return outboxSender.send(message);
      },
    };
    expect(failuresOf(await notifyFunction(flaky).invoke(batch(...records)))).toEqual([sequenceOf(records[1]!)]);
    expect(outboxOf(orders[0]!.orderId)).toHaveLength(1);
    expect(outboxOf(orders[2]!.orderId)).toHaveLength(1);
    expect(outboxOf(failing)).toEqual([]);
    // The claim was given back, so the retry needs no lease to run out.
    expect(await getNotificationMarker(failing, 'intransit')).toBeUndefined();

    // Lambda retries from the failed record on: it and the ones after it.
    expect(await notifyFunction().invoke(batch(records[1]!, records[2]!))).toEqual({ batchItemFailures: [] });
    expect(await notifyFunction().invoke(batch(records[1]!))).toEqual({ batchItemFailures: [] });
    for (const o of orders) expect(outboxOf(o.orderId)).toHaveLength(1);
  });

  it('a failed intransit e-mail holds back the delivered one: never out of journey order', async () => {
    const pending = orderOf(['pending'], asked('intransit', 'delivered'));
    const delivered = orderOf(['pending', 'intransit', 'delivered'], asked('intransit', 'delivered'), pending.orderId);
    const other = orderOf(['pending', 'intransit'], asked('intransit'));
    const outboxSender = createOutboxSender(outbox);
    const flaky: EmailSender = {
      send: async (message) => {
        if (message.status === 'intransit' && message.orderId === pending.orderId) throw new Error('SES down');
        return outboxSender.send(message);
      },
    };
    const failed = record(delivered, pending);
    expect(failuresOf(await notifyFunction(flaky).invoke(batch(failed, record(other, { ...other, status: 'pending', events: [] }))))).toEqual([
      sequenceOf(failed),
    ]);
    expect(outboxOf(pending.orderId)).toEqual([]);
    const { invoke, sent } = notifyFunction();
    await invoke(batch(failed));
    expect(sent.map((m) => m.status)).toEqual(['intransit', 'delivered']);
  });

  it("a 'sending' marker older than the lease is taken over; a fresh one is another attempt in flight: the record fails, nothing is sent", async () => {
    process.env.NOTIFY_LEASE_SECONDS = '60';
    const stale = orderOf(['pending', 'intransit'], asked('intransit'));
    const fresh = orderOf(['pending', 'intransit'], asked('intransit'));
    const longAgo = new Date(Date.now() - 61_000).toISOString();
    const epoch = new Date(0).toISOString();
    await claimNotification(stale.orderId, 'intransit', { token: 'died', startedAt: longAgo, staleBefore: epoch });
    await claimNotification(fresh.orderId, 'intransit', { token: 'alive', startedAt: new Date(Date.now() - 5_000).toISOString(), staleBefore: epoch });

    const staleRecord = record(stale, { ...stale, status: 'pending', events: [] });
    const freshRecord = record(fresh, { ...fresh, status: 'pending', events: [] });
    const { invoke, sent } = notifyFunction();
    expect(failuresOf(await invoke(batch(staleRecord, freshRecord)))).toEqual([sequenceOf(freshRecord)]);
    expect(sent.map((m) => m.orderId)).toEqual([stale.orderId]);
    expect(await getNotificationMarker(stale.orderId, 'intransit')).toEqual(
      expect.objectContaining({ state: 'sent', token: expect.not.stringMatching(/^died$/) }),
    );
    expect(await getNotificationMarker(fresh.orderId, 'intransit')).toEqual(expect.objectContaining({ state: 'sending', token: 'alive' }));
  });
});

describe('the function as deployed locally', () => {
  it('writes to EMAIL_OUTBOX_DIR without an injected sender, from EMAIL_FROM', async () => {
    process.env.EMAIL_OUTBOX_DIR = outbox;
    process.env.EMAIL_FROM = 'shipping@notifications.example.com';
    const before = orderOf(['pending'], asked('intransit'));
    const after = orderOf(['pending', 'intransit'], asked('intransit'), before.orderId);
    const handler = createNotifyHandler();
    expect(await handler(batch(record(after, before)), {} as Context)).toEqual({ batchItemFailures: [] });
    expect(outboxOf(after.orderId)).toHaveLength(1);
    const [file] = readdirSync(outbox);
    expect((JSON.parse(readFileSync(path.join(outbox, file!), 'utf8')) as OutboxFile).from).toBe('shipping@notifications.example.com');
  });

  it('handles events/notify.json, the sample event', async () => {
    process.env.EMAIL_OUTBOX_DIR = outbox;
    const sample = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'events', 'notify.json'), 'utf8')) as DynamoDBStreamEvent;
    const handler = createNotifyHandler();
    expect(await handler(sample, {} as Context)).toEqual({ batchItemFailures: [] });
    expect(listOutbox(outbox).map((m) => [m.to, m.status])).toEqual([['buyer@example.com', 'intransit']]);
  });
});

it("writes only items under its function entry's write prefixes (what its IAM grant allows)", async () => {
  const items = async () => {
    const all = new Map<string, string>();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb.send(new ScanCommand({ TableName: stack.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) all.set(`${String(item.pk)} ${String(item.sk)}`, JSON.stringify(item));
      start = page.LastEvaluatedKey;
    } while (start);
    return all;
  };
  const before = await items();
  const pending = orderOf(['pending'], asked('intransit', 'delivered'));
  const delivered = orderOf(['pending', 'intransit', 'delivered'], asked('intransit', 'delivered'), pending.orderId);
  await notifyFunction().invoke(batch(record(delivered, pending)));
  const written = [...(await items())].filter(([key, item]) => before.get(key) !== item).map(([key]) => key);
  expect(written.sort()).toEqual([`ORDER#${pending.orderId} NOTIFY#delivered`, `ORDER#${pending.orderId} NOTIFY#intransit`]);
  const { writes } = FUNCTIONS.find((f) => f.name === 'notify')!.access;
  for (const key of written) expect(writes.some((prefix) => key.startsWith(prefix))).toBe(true);
});
