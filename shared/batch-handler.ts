/**
 * The wrapper of every function fed by batches (a table stream, a queue): the
 * records go one by one to `processRecord` through Powertools batch, a record
 * that throws is reported in `batchItemFailures` (the others stand, and the
 * event source hands the failed ones again), with the Lambda context on every
 * log line, the metrics flushed and the trace line written after each batch,
 * each batch an invocation of its own (shared/observability/invocation.ts).
 *
 * Stream records are handled in order, one at a time: an order's records then
 * act in stream order. Queue messages are handled side by side: one slow
 * message never holds up the others of its batch.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { inInvocation, injectLambdaContext, logger, logMetrics, metrics, traceInvocation } from './observability';

const observed = <E, R>(main: (event: E, context: Context) => Promise<R>) =>
  inInvocation(
    middy(main)
      .use(injectLambdaContext(logger))
      .use(logMetrics(metrics))
      // Inside the logger's middleware: the trace line (shared/observability/tracer.ts) is written before the keys are reset.
      .use(traceInvocation()),
  );

export const streamBatchHandler = (processRecord: (record: DynamoDBRecord) => Promise<unknown>) =>
  observed(async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.DynamoDBStreams), { context, processInParallel: false }),
  );

export const queueBatchHandler = (processRecord: (record: SQSRecord) => Promise<unknown>) =>
  observed(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.SQS), { context, processInParallel: true }),
  );

/**
 * A queue whose messages are each one step of one kind (a tracking check, a
 * webhook delivery): `parse` reads a message, and one that is not of the
 * kind is logged and dropped (handing it again could not change it); `run`
 * takes the step, and a step that throws is logged with `describe(message)`
 * and reported for another try.
 */
export const queueStepHandler = <M>(queue: {
  parse: (body: string) => M | undefined;
  /** What a message is, for the log line of one that is not: `queue message skipped: not <kind>`. */
  kind: string;
  /** The log line of a step that threw. */
  failed: string;
  describe: (message: M) => Record<string, unknown>;
  run: (message: M) => Promise<unknown>;
}) =>
  queueBatchHandler(async (record: SQSRecord) => {
    const message = queue.parse(record.body);
    if (!message) {
      logger.error(`queue message skipped: not ${queue.kind}`, { messageId: record.messageId });
      return 'dropped';
    }
    try {
      return await queue.run(message);
    } catch (error) {
      logger.error(queue.failed, { messageId: record.messageId, ...queue.describe(message), error });
      throw error;
    }
  });
