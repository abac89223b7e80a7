/**
 * The stack's SQS queues as ports (shared/functions.ts QUEUES): a function
 * sends JSON messages to a queue by name. Deployed, each queue's URL is in the
 * environment variable QUEUE_URL_ENV names, a setting of ./config.ts
 * (lib/shipping-stack.ts sets it for the functions whose function entry
 * `sends` to it); locally the runtime
 * installs its own durable queue for each (local/delivery-queue.ts) with
 * `useQueue`, and tests install an array.
 */
import type { QueueName } from './functions';
import { awsClientConfig, withoutSdkLogging } from './aws';
import { config, variableName } from './config';

export type QueuePort<M> = {
  /** Sends the messages, each to be received after `delaySeconds` (at most MAX_DELAY_SECONDS). */
  send(messages: readonly M[], delaySeconds: number): Promise<void>;
  /** Messages waiting, visible or in flight (SQS: approximate): what a sender that must not flood the queue reads first. */
  depth?(): Promise<number>;
};

/**
 * FIFO queues: each message names its `group` and `dedupeId`; one message of
 * a group is handed at a time (the batch worker's bound per carrier account,
 * docs/batches.md), and a message sent twice within five minutes is kept once.
 */
export const FIFO_QUEUES: readonly QueueName[] = ['batch-items'];
/** What every message of a FIFO queue carries. */
export type FifoMessage = { group: string; dedupeId: string };

/** The setting holding each queue's URL on a deployed stage. */
const QUEUE_URL_SETTING = {
  'webhook-deliveries': 'webhookQueueUrl',
  'tracking-checks': 'trackingQueueUrl',
  'batch-items': 'batchQueueUrl',
} as const satisfies Record<QueueName, string>;

/** The environment variable holding each queue's URL on a deployed stage. */
export const QUEUE_URL_ENV: Record<QueueName, string> = {
  'webhook-deliveries': variableName(QUEUE_URL_SETTING['webhook-deliveries']),
  'tracking-checks': variableName(QUEUE_URL_SETTING['tracking-checks']),
  'batch-items': variableName(QUEUE_URL_SETTING['batch-items']),
};

/** SQS's longest message delay. */
export const MAX_DELAY_SECONDS = 900;
/** SQS SendMessageBatch takes at most 10 messages. */
const BATCH = 10;
/** SendMessageBatch calls of one `send` in flight at once. */
export const SEND_CONCURRENCY = 8;

export const clampDelay = (seconds: number): number => Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(seconds)));

const installed = new Map<QueueName, QueuePort<unknown>>();

/** The local runtime and tests: messages to `name` go to this queue instead of SQS (undefined: SQS again). */
export const useQueue = <M>(name: QueueName, queue: QueuePort<M> | undefined): void => {
  if (queue) installed.set(name, queue);
  else installed.delete(name);
};

const sqsClient = async () => {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  return withoutSdkLogging(new SQSClient(awsClientConfig('sqs')));
};
let sqs: ReturnType<typeof sqsClient> | undefined;

const urlOf = (name: QueueName): string => {
  const url = config[QUEUE_URL_SETTING[name]];
  if (!url) throw new Error(`the ${name} queue needs ${QUEUE_URL_ENV[name]} (deployed) or the local runtime's queue`);
  return url;
};

const sqsQueue = <M>(name: QueueName): QueuePort<M> => ({
  async send(messages, delaySeconds) {
    const queueUrl = urlOf(name);
    const fifo = FIFO_QUEUES.includes(name);
    const { SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
    const client = await (sqs ??= sqsClient());
    const chunks: Array<readonly M[]> = [];
    for (let i = 0; i < messages.length; i += BATCH) chunks.push(messages.slice(i, i + BATCH));
    const sendChunk = async (chunk: readonly M[]) => {
      const out = await client.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((message, n) => ({
            Id: String(n),
            MessageBody: JSON.stringify(message),
            // A FIFO queue takes no delay per message; its group and deduplication id instead.
            ...(fifo
              ? { MessageGroupId: (message as FifoMessage).group, MessageDeduplicationId: (message as FifoMessage).dedupeId }
              : { DelaySeconds: clampDelay(delaySeconds) }),
          })),
        }),
      );
      if (out.Failed && out.Failed.length > 0)
        throw new Error(`SQS refused ${out.Failed.length} ${name} message(s): ${out.Failed.map((f) => f.Code).join(', ')}`);
    };
    // SEND_CONCURRENCY batches in flight: a dispatcher page of 1,000 checks is 100 batches, and one after another
    // they bound what a run can queue within its time budget (docs/operations.md).
    // After a failure no lane starts another batch: the caller is told the send failed, and sends it again.
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < chunks.length) {
        try {
          await sendChunk(chunks[next++]!);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, chunks.length) }, lane));
  },
  async depth() {
    const { GetQueueAttributesCommand } = await import('@aws-sdk/client-sqs');
    const client = await (sqs ??= sqsClient());
    const out = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: urlOf(name), AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    const count = (attribute: string) => Number(out.Attributes?.[attribute as keyof typeof out.Attributes] ?? 0) || 0;
    return count('ApproximateNumberOfMessages') + count('ApproximateNumberOfMessagesNotVisible');
  },
});

/** The queue `name`: the installed one, else SQS. */
export const queueOf = <M>(name: QueueName): QueuePort<M> => (installed.get(name) as QueuePort<M> | undefined) ?? sqsQueue<M>(name);
