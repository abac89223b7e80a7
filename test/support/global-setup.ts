/**
 * Jest globalSetup of the `integration` project: DynamoDB Local (in memory)
 * and s3rver (temporary directory) start once per run on free ports. The
 * endpoints go into process.env, which the workers inherit; each test file
 * then makes its own table and bucket (test/support/stack.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyEnv, localAwsEnv } from '../../local/env';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { forgetHostZodRegistry } from './host-globals';

export type IntegrationGlobals = { __SHIPPING_INTEGRATION_STACK__?: LocalStack; __SHIPPING_INTEGRATION_SECRETS__?: string };

export default async function integrationGlobalSetup(): Promise<void> {
  const globals = globalThis as IntegrationGlobals;
  if (globals.__SHIPPING_INTEGRATION_STACK__) return;
  const stack = await startLocalStack();
  globals.__SHIPPING_INTEGRATION_STACK__ = stack;
  applyEnv(localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint }));
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Webhooks as the local runtime has them: a sealing key in a private directory, receivers on 127.0.0.1 allowed.
  const secrets = mkdtempSync(path.join(os.tmpdir(), 'shipping-webhook-key-'));
  globals.__SHIPPING_INTEGRATION_SECRETS__ = secrets;
  process.env.WEBHOOK_SECRET_KEY_FILE = path.join(secrets, 'webhook-secret.key');
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  forgetHostZodRegistry();
}
