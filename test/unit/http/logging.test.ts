import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { handler } from '../../../functions/carriers/handler';
import { logger } from '../../../shared/logger';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';

const ddbMock = mockClient(DynamoDBDocumentClient);
const KEY = 'ship_api_abcdefabcdefabcdefabcdefabcdef12';

const event = (key: string) =>
  ({
    httpMethod: 'GET',
    path: '/v1/carriers',
    resource: '/v1/carriers',
    headers: { 'X-API-Key': key },
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'log-req' },
  }) as unknown as APIGatewayProxyEvent;

describe('structured logging', () => {
  let lines: string[];
  let restore: () => void;
  beforeEach(() => {
    lines = [];
    const spies = [process.stdout, process.stderr].map((stream) =>
      jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      }),
    );
    logger.setLogLevel('DEBUG');
    restore = () => {
      spies.forEach((s) => s.mockRestore());
      logger.setLogLevel('SILENT');
    };
    ddbMock.reset();
  });
  afterEach(() => restore());

  it('logs each request with its request id and never writes the API key or its hash', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({
      Item: { keyId: 'k1', keyHash: hashApiKey(KEY), companyId: 'c1', integrationType: 'public-api', scopes: [], active: true, createdDate: '2026-01-01T00:00:00Z' },
    });
    ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({
      Item: { companyId: 'c1', name: 'Acme', userId: 'u', pricingGroupId: 'default', billing: 'account', blacklist: [], createdDate: '2026-01-01T00:00:00Z' },
    });
    ddbMock.on(GetCommand, { Key: keys.pricingGroup('default') }).resolves({ Item: { id: 'default', name: 'Default', carriers: [] } });
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const ok = await handler(event(KEY), {} as Context);
    const refused = await handler(event(KEY.replace('12', '34')), {} as Context);
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);
    const output = lines.join('');
    expect(output).toContain('log-req');
    expect(output).not.toContain(KEY);
    expect(output).not.toContain(KEY.replace('12', '34'));
    expect(output).not.toContain(hashApiKey(KEY));
  });
});
