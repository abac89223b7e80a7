/**
 * The manifest's write prefixes are the writes the functions really make: each
 * HTTP function runs its sample event (events/<name>.json) with a valid key
 * against DynamoDB Local, and every item it created or changed has a
 * partition key within the prefixes its manifest entry declares, which is
 * all that its IAM grant lets it write on a deployed stage.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { httpFunctions } from '../../shared/manifest';
import { ddb } from '../../shared/store/client';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const root = join(__dirname, '..', '..');

/** Every item of the table as JSON, by `pk sk`. */
const snapshot = async (): Promise<Map<string, string>> => {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: stack.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.set(`${String(item.pk)} ${String(item.sk)}`, JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});

describe.each(httpFunctions().map((f) => [f.name, f] as const))('%s', (name, f) => {
  it(`writes only items under ${f.access.writes.join(', ') || 'no prefix'}`, async () => {
    const event = JSON.parse(readFileSync(join(root, 'events', `${name}.json`), 'utf8')) as APIGatewayProxyEvent;
    event.headers = { ...event.headers, 'X-API-Key': apiKey };
    event.multiValueHeaders = { ...event.multiValueHeaders, 'X-API-Key': [apiKey] };
    // The stored sample's shipping date would leave the accepted window as time passes.
    if (name === 'rate') event.body = JSON.stringify(sampleRateBody());
    const { handler } = (await import(join(root, f.entry))) as { handler: (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult> };

    const before = await snapshot();
    const response = await handler(event, { awsRequestId: `fences-${name}` } as Context);
    expect(response.statusCode).toBe(200);
    const after = await snapshot();

    const written = [...after].filter(([key, item]) => before.get(key) !== item).map(([key]) => key.split(' ')[0]!);
    const removed = [...before.keys()].filter((key) => !after.has(key)).map((key) => key.split(' ')[0]!);
    const outside = [...written, ...removed].filter((pk) => !f.access.writes.some((prefix) => pk.startsWith(prefix)));
    expect(outside).toEqual([]);
    // The sample events exercise the writes: a declared prefix that is never written would be a grant nobody needs.
    for (const prefix of f.access.writes) expect(written.some((pk) => pk.startsWith(prefix))).toBe(true);
  });
});
