/**
 * One structured logger per container (Powertools). Nothing logs request
 * headers or bodies, so an API key never reaches the logs.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: 'shipping-api',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? (process.env.NODE_ENV === 'test' ? 'SILENT' : 'INFO'),
});
