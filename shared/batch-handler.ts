/**
 * The wrapper of every function fed by batches (a table stream, a queue): the
 * records go one by one to `processRecord` through Powertools batch, a record
 * that throws is reported in `batchItemFailures` (the others stand, and the
 * event source hands the failed ones again), with the Lambda context on every
 * log line and the metrics flushed after each batch.
 *
 * Stream records are handled in order, one at a time: an order's records then
 * act in stream order. Queue messages are handled side by side: one slow
 * message never holds up the others of its batch.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from './logger';
import { metrics } from './metrics';
import { tracerLoader } from './tracer';

const observed = <E, R>(main: (event: E, context: Context) => Promise<R>) =>
  middy(main)
    .use(tracerLoader())
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }));

export const streamBatchHandler = (processRecord: (record: DynamoDBRecord) => Promise<unknown>) =>
  observed(
    async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
      processPartialResponse(event, processRecord, new BatchProcessor(EventType.DynamoDBStreams), { context, processInParallel: false }),
  );

export const queueBatchHandler = (processRecord: (record: SQSRecord) => Promise<unknown>) =>
  observed(
    async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
      processPartialResponse(event, processRecord, new BatchProcessor(EventType.SQS), { context, processInParallel: true }),
  );
