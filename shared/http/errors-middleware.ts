/**
 * The last middleware of the chain: any error becomes the error body of
 * docs/decisions.md. An AppError keeps its status and code; anything else is a
 * logged 500 whose body says nothing of the internals.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { isAppError } from '../errors';
import { logger } from '../observability';
import type { HttpContext } from './handler-io';
import { jsonResponse } from './respond';

export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details ? { details } : {}) },
});

export const errorHandler = (): MiddlewareObj<unknown, APIGatewayProxyResult, Error, HttpContext> => ({
  onError: async (request) => {
    const error = request.error;
    // Set by the first middleware; Lambda's own id should that one ever fail.
    const requestId = request.context.requestId ?? request.context.awsRequestId;
    if (isAppError(error)) {
      if (error.status >= 500) logger.error('request failed', { code: error.code, error });
      else logger.info('request refused', { status: error.status, code: error.code });
      const message = error.expose ? error.message : 'Internal error';
      request.response = jsonResponse(error.status, errorBody(error.code, message, error.expose ? error.details : undefined), requestId, error.headers);
      return;
    }
    logger.error('unhandled error', { error: error as Error });
    request.response = jsonResponse(500, errorBody('INTERNAL', 'Internal error'), requestId);
  },
});
