/** What `npm start` prints once it serves: where everything is, the demo keys, and how to stop it. */
import { describeSandboxCarriers, type SandboxCarriersSetting } from '../shared/domain/sandbox-carriers';
import { FUNCTIONS } from '../shared/functions';
import { carriers } from '../shared/reference/carriers';
import { manifestRoutes } from './api-gateway';
import type { DemoFile } from './runtime-files';
import { describeLimits, type RequestLimiter } from './request-limiter';
import type { LocalStack } from './stack';

export type BannerFacts = {
  apiUrl: string;
  port: number;
  demo: { file: DemoFile; created: boolean; testCreated: boolean };
  limiter: RequestLimiter;
  sandboxCarriers: SandboxCarriersSetting;
  dataDir: string;
  tableName: string;
  bucketName: string;
  provisioned: { tableCreated: boolean; bucketCreated: boolean };
  referenceItems: number;
  stack: Pick<LocalStack, 'dynamodb' | 's3'>;
  /** The lines of the stream pollers, queues and timers (background.ts). */
  backgroundLines: string[];
  outboxDir: string;
  streamFailuresFile: string;
};

const sandboxCarrierCodes = carriers.filter((c) => c.network === 'sandbox').map((c) => c.code);

export const bannerLines = (facts: BannerFacts): string[] => {
  const { apiUrl, demo, stack } = facts;
  return [
    '',
    'Shipping API, local runtime',
    `  Base URL   ${apiUrl}`,
    `  Demo key   ${demo.file.apiKey}   (${demo.created ? 'new' : 'from demo.json'}; company "${demo.file.companyName}" ${demo.file.companyId}, pricing group default)`,
    `  Test key   ${demo.file.testApiKey}   (${demo.testCreated ? 'new' : 'from demo.json'}; same company: test orders, marked "mode": "test", seen by test keys only)`,
    `  Try        curl -s -H 'X-API-Key: ${demo.file.apiKey}' ${apiUrl}/carriers`,
    `  Docs       http://127.0.0.1:${facts.port}/docs   (the document: ${apiUrl}/openapi.json; no key needed)`,
    `  Limits     ${describeLimits(facts.limiter)}`,
    `  Sandbox    carriers ${sandboxCarrierCodes.join(', ')} answer ${describeSandboxCarriers(facts.sandboxCarriers)} (SANDBOX_CARRIERS=${facts.sandboxCarriers})`,
    `  Data       ${facts.dataDir}`,
    `             table ${facts.tableName}${facts.provisioned.tableCreated ? ' (created)' : ''}, bucket ${facts.bucketName}${facts.provisioned.bucketCreated ? ' (created)' : ''}, reference data ${facts.referenceItems} items`,
    `             DynamoDB Local ${stack.dynamodb.endpoint}, s3rver ${stack.s3.endpoint}`,
    stack.dynamodb.listenAddress === '127.0.0.1'
      ? '             everything listens on 127.0.0.1 only; DATA_DIR is private to you (0700)'
      : '             WARNING: DynamoDB Local listens on EVERY interface (see the warning above)',
    `  Admin      npm run -s admin -- help   (same DATA_DIR)`,
    '  Routes',
    ...manifestRoutes().map((route) => `             ${route.method.padEnd(6)} ${route.path}  (${route.name})`),
    ...facts.backgroundLines.map((line) => `  ${line}`),
    `  E-mails    ${facts.outboxDir}   (npm run -s admin -- outbox list)`,
    ...(FUNCTIONS.some((f) => f.trigger.kind === 'stream')
      ? [`             stream records a function keeps failing on are set aside in ${facts.streamFailuresFile}`]
      : []),
    'Ctrl-C (or SIGTERM/SIGHUP) stops everything, after the requests and invocations in flight.',
  ];
};
