import type { APIGatewayProxyResult } from 'aws-lambda';

export const jsonResponse = (statusCode: number, body: unknown, requestId: string, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...headers },
  body: JSON.stringify(body),
});
