/**
 * The SQS port of shared/queues.ts, against the SDK's own command objects
 * (aws-sdk-client-mock): every message is sent once, in batches of at most
 * 10, with SEND_CONCURRENCY batches in flight at most; a batch SQS refuses in
 * part is an error naming the codes; depth counts visible and in-flight
 * messages.
 */
import { GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient, type SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { queueOf, SEND_CONCURRENCY } from '../../shared/queues';

const sqsMock = mockClient(SQSClient);
const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/tracking-checks';

beforeEach(() => {
  sqsMock.reset();
  process.env.TRACKING_QUEUE_URL = URL;
});
afterAll(() => {
  delete process.env.TRACKING_QUEUE_URL;
});

describe('the SQS queue port', () => {
  it('sends every message once, in batches of at most 10, with a bounded number of batches in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const bodies: string[] = [];
    sqsMock.on(SendMessageBatchCommand).callsFake(async (input: SendMessageBatchCommandInput) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      expect(input.QueueUrl).toBe(URL);
      expect(input.Entries!.length).toBeLessThanOrEqual(10);
      expect(new Set(input.Entries!.map((e) => e.Id)).size).toBe(input.Entries!.length);
      for (const entry of input.Entries!) {
        expect(entry.DelaySeconds).toBe(900);
        bodies.push(entry.MessageBody!);
      }
      return { Successful: [], Failed: [] };
    });
    const messages = Array.from({ length: 995 }, (_, i) => ({ orderId: `o-${i}`, dueAt: '2026-01-01T00:00:00.000Z' }));
    await queueOf('tracking-checks').send(messages, 5_000);
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(100);
    expect(bodies.sort()).toEqual(messages.map((m) => JSON.stringify(m)).sort());
    expect(most).toBe(SEND_CONCURRENCY);
  });

  it('sends nothing for no message', async () => {
    await queueOf('tracking-checks').send([], 0);
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('a batch SQS refuses in part is an error naming the codes, never the bodies', async () => {
    sqsMock.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'InternalError', SenderFault: false }] });
    const sent = queueOf('tracking-checks').send([{ orderId: 'secret-looking-body' }], 0);
    await expect(sent).rejects.toThrow('SQS refused 1 tracking-checks message(s): InternalError');
    await expect(sent).rejects.not.toThrow('secret-looking-body');
  });

  it('after a refused batch no further batch is started: the caller is told the send failed', async () => {
    let calls = 0;
    sqsMock.on(SendMessageBatchCommand).callsFake(async () => {
      const call = ++calls;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return call === 1 ? { Successful: [], Failed: [{ Id: '0', Code: 'InternalError', SenderFault: false }] } : { Successful: [], Failed: [] };
    });
    const messages = Array.from({ length: 1_000 }, (_, i) => ({ orderId: `o-${i}` }));
    await expect(queueOf('tracking-checks').send(messages, 0)).rejects.toThrow('SQS refused 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The batches already in flight when the first answer came back, and no more of the 100.
    expect(sqsMock.commandCalls(SendMessageBatchCommand).length).toBeLessThanOrEqual(2 * SEND_CONCURRENCY);
  });

  it('depth is the visible and the in-flight messages', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '12', ApproximateNumberOfMessagesNotVisible: '30' } });
    expect(await queueOf('tracking-checks').depth!()).toBe(42);
  });

  it('without its URL the queue says which variable it needs', async () => {
    delete process.env.TRACKING_QUEUE_URL;
    await expect(queueOf('tracking-checks').send([{ orderId: 'x' }], 0)).rejects.toThrow('TRACKING_QUEUE_URL');
  });
});
