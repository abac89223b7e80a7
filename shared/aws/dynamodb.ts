/**
 * The service's DynamoDB client: the nine operations the store uses, with the
 * document client's shapes (plain values in and out, marshalled by AWS's own
 * @aws-sdk/util-dynamodb, behind a fast path for plain documents that gives
 * the same values: ./attribute-values.ts), over DynamoDB's JSON protocol signed by `aws4`
 * (./signed-http.ts). It replaces the SDK's DynamoDBClient and
 * DynamoDBDocumentClient in every function: the SDK's client was most of
 * each function's cold start (its first use of each command's schema,
 * endpoint rules, middleware and HTTP handler) and most of a warm rate
 * request's time; docs/decisions.md, "A light DynamoDB client", has the
 * figures and why no library does this job.
 *
 * The commands carry the document client's names (`new GetCommand(input)`),
 * and the client has what the code around it reads of the SDK's: `send`,
 * a `middlewareStack` (add, remove, identify: ../observability/tracer.ts times calls with
 * it, the benches record them) whose middleware sees the document form
 * before marshalling, with `clientName` "DynamoDBClient" and `commandName`
 * the low-level command's ("GetItemCommand"), and `config.requestHandler`,
 * the transport (bench/warm.ts answers in process).
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { config as configuredSettings } from '../config';
import { endpointOf, limitsOf, type AwsSettings, type ClientLimits } from './clients';
import { wireAttributeMap } from './attribute-values';
import {
  AwsServiceError,
  firstHeader,
  MiddlewareStack,
  nodeRequestHandler,
  sendSigned,
  type HttpResponse,
  type MiddlewareResult,
  type RequestHandler,
} from './signed-http';

type Doc = Record<string, unknown>;
type AttributeMap = Record<string, unknown>;

const MARSHALL = { removeUndefinedValues: true } as const;

/**
 * Binary values (`B`, `BS`) travel as base64 in DynamoDB's JSON, while the
 * document form holds bytes (a Buffer given to JSON.stringify would become
 * `{"type":"Buffer",...}`). Each attribute value is visited once, through its
 * maps and lists, on the way out and on the way in: cheaper than a
 * JSON.stringify replacer or a JSON.parse reviver, which run for every key of
 * a body (a 15 KB BatchWriteItem: 99 against 40 µs).
 */
const convertBinaries = (value: unknown, convert: (bytes: unknown) => unknown): void => {
  const av = value as Record<string, unknown>;
  if (av.B !== undefined) av.B = convert(av.B);
  else if (av.BS !== undefined) av.BS = (av.BS as unknown[]).map(convert);
  else if (av.M !== undefined) for (const inner of Object.values(av.M as object)) convertBinaries(inner, convert);
  else if (av.L !== undefined) for (const inner of av.L as unknown[]) convertBinaries(inner, convert);
};
const toBase64 = (bytes: unknown) => {
  const b = bytes as Uint8Array;
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
};
const fromBase64 = (text: unknown) => Buffer.from(text as string, 'base64');

const toMap = (value: unknown): AttributeMap => {
  const wire = wireAttributeMap(value as Doc);
  if (wire) return wire;
  const map = marshall(value as Doc, MARSHALL) as AttributeMap;
  for (const av of Object.values(map)) convertBinaries(av, toBase64);
  return map;
};
const fromMap = (value: unknown): Doc => {
  for (const av of Object.values(value as AttributeMap)) convertBinaries(av, fromBase64);
  return unmarshall(value as never);
};

/** The expression values and start key every operation may carry. */
const common = (input: Doc): Doc => ({
  ...input,
  ...(input.ExpressionAttributeValues ? { ExpressionAttributeValues: toMap(input.ExpressionAttributeValues) } : {}),
  ...(input.ExclusiveStartKey ? { ExclusiveStartKey: toMap(input.ExclusiveStartKey) } : {}),
});
const withKey = (input: Doc): Doc => ({ ...common(input), Key: toMap(input.Key) });

type Operation = {
  name: string;
  marshal: (input: Doc) => Doc;
  unmarshal: (output: Doc) => Doc;
};

const attributesOut = (output: Doc): Doc => ({ ...output, ...(output.Attributes ? { Attributes: fromMap(output.Attributes) } : {}) });
const itemsOut = (output: Doc): Doc => ({
  ...output,
  ...(output.Items ? { Items: (output.Items as unknown[]).map(fromMap) } : {}),
  ...(output.LastEvaluatedKey ? { LastEvaluatedKey: fromMap(output.LastEvaluatedKey) } : {}),
});
const tablesOf = <T>(value: unknown, each: (v: unknown) => T): Record<string, T> | undefined =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([table, v]) => [table, each(v)])) : undefined;
const writeRequests = (requests: unknown, convert: (v: unknown) => unknown) =>
  (requests as Array<{ PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }>).map((r) => ({
    ...(r.PutRequest ? { PutRequest: { ...r.PutRequest, Item: convert(r.PutRequest.Item) } } : {}),
    ...(r.DeleteRequest ? { DeleteRequest: { ...r.DeleteRequest, Key: convert(r.DeleteRequest.Key) } } : {}),
  }));
const keysAndAttributes = (value: unknown, convert: (v: unknown) => unknown) => {
  const v = value as Doc & { Keys: unknown[] };
  return { ...v, Keys: v.Keys.map(convert) };
};

const OPERATIONS = {
  GetItem: { name: 'GetItem', marshal: withKey, unmarshal: (o: Doc) => ({ ...o, ...(o.Item ? { Item: fromMap(o.Item) } : {}) }) },
  PutItem: { name: 'PutItem', marshal: (i: Doc) => ({ ...common(i), Item: toMap(i.Item) }), unmarshal: attributesOut },
  UpdateItem: { name: 'UpdateItem', marshal: withKey, unmarshal: attributesOut },
  DeleteItem: { name: 'DeleteItem', marshal: withKey, unmarshal: attributesOut },
  Query: { name: 'Query', marshal: common, unmarshal: itemsOut },
  Scan: { name: 'Scan', marshal: common, unmarshal: itemsOut },
  BatchGetItem: {
    name: 'BatchGetItem',
    marshal: (i: Doc) => ({ ...i, RequestItems: tablesOf(i.RequestItems, (v) => keysAndAttributes(v, toMap)) }),
    unmarshal: (o: Doc) => ({
      ...o,
      ...(o.Responses ? { Responses: tablesOf(o.Responses, (items) => (items as unknown[]).map(fromMap)) } : {}),
      ...(o.UnprocessedKeys ? { UnprocessedKeys: tablesOf(o.UnprocessedKeys, (v) => keysAndAttributes(v, fromMap)) } : {}),
    }),
  },
  BatchWriteItem: {
    name: 'BatchWriteItem',
    marshal: (i: Doc) => ({ ...i, RequestItems: tablesOf(i.RequestItems, (v) => writeRequests(v, toMap)) }),
    unmarshal: (o: Doc) => ({ ...o, ...(o.UnprocessedItems ? { UnprocessedItems: tablesOf(o.UnprocessedItems, (v) => writeRequests(v, fromMap)) } : {}) }),
  },
  TransactWriteItems: {
    name: 'TransactWriteItems',
    marshal: (i: Doc) => ({
      ...i,
      TransactItems: (i.TransactItems as Array<Record<string, Doc>>).map((item) =>
        Object.fromEntries(
          Object.entries(item).map(([kind, write]) => [kind, kind === 'Put' ? { ...common(write), Item: toMap(write.Item) } : withKey(write)]),
        ),
      ),
    }),
    unmarshal: (o: Doc) => o,
  },
} satisfies Record<string, Operation>;

type OperationName = keyof typeof OPERATIONS;

/** One command: the operation and its input in the document client's form. */
export abstract class DynamoCommand<Input extends object, Output extends object> {
  declare readonly $output: Output;
  abstract readonly operation: OperationName;
  constructor(readonly input: Input) {}
}

/** The command class of `operation`, with lib-dynamodb's input and output types, named as the SDK's low-level command (`GetItemCommand`). */
const commandOf = <Input extends object, Output extends object>(operation: OperationName) => {
  const command = class extends DynamoCommand<Input, Output> {
    readonly operation = operation;
  };
  Object.defineProperty(command, 'name', { value: `${operation}Command` });
  return command;
};

export const GetCommand = commandOf<GetCommandInput, GetCommandOutput>('GetItem');
export const PutCommand = commandOf<PutCommandInput, PutCommandOutput>('PutItem');
export const UpdateCommand = commandOf<UpdateCommandInput, UpdateCommandOutput>('UpdateItem');
export const DeleteCommand = commandOf<DeleteCommandInput, DeleteCommandOutput>('DeleteItem');
export const QueryCommand = commandOf<QueryCommandInput, QueryCommandOutput>('Query');
export const ScanCommand = commandOf<ScanCommandInput, ScanCommandOutput>('Scan');
export const BatchGetCommand = commandOf<BatchGetCommandInput, BatchGetCommandOutput>('BatchGetItem');
export const BatchWriteCommand = commandOf<BatchWriteCommandInput, BatchWriteCommandOutput>('BatchWriteItem');
export const TransactWriteCommand = commandOf<TransactWriteCommandInput, TransactWriteCommandOutput>('TransactWriteItems');

export type DynamoClientConfig = {
  /** The transport; Node's http/https unless replaced. */
  requestHandler: RequestHandler;
  limits: ClientLimits;
  /** Where credentials, region and endpoint are read from, at each call (../config.ts). */
  settings: AwsSettings;
};

/** DynamoDB's endpoint: AWS_ENDPOINT_URL_DYNAMODB or AWS_ENDPOINT_URL (an emulator), else the region's. */
export const dynamoEndpoint = (settings: AwsSettings, region: string): URL =>
  new URL(endpointOf('dynamodb', settings) || `https://dynamodb.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`);

/** The service's error code from a JSON-protocol error answer (`__type` "com.amazonaws.dynamodb.v20120810#Code", or the header). */
const errorOf = (response: HttpResponse, body: Doc): AwsServiceError => {
  const type = (typeof body.__type === 'string' ? body.__type : undefined) ?? firstHeader(response.headers, 'x-amzn-errortype') ?? `HTTP${response.statusCode}`;
  const name = type.split('#').pop()!.split(':')[0]!;
  const { __type: _type, message, Message, ...fields } = body;
  if (Array.isArray(fields.CancellationReasons)) {
    fields.CancellationReasons = (fields.CancellationReasons as Doc[]).map((reason) => (reason.Item ? { ...reason, Item: fromMap(reason.Item) } : reason));
  }
  if (fields.Item) fields.Item = fromMap(fields.Item);
  return new AwsServiceError(name, [message, Message].find((text): text is string => typeof text === 'string') ?? name, {
    fault: response.statusCode >= 500 ? 'server' : 'client',
    status: response.statusCode,
    requestId: firstHeader(response.headers, 'x-amzn-requestid'),
    fields,
  });
};

/** The answer's JSON, checked against DynamoDB's CRC32 of it when given (a mismatch is retried as a cut-off answer). */
const readAnswer = (response: HttpResponse): Doc => {
  const crc = firstHeader(response.headers, 'x-amz-crc32');
  if (crc !== undefined && process.getBuiltinModule('node:zlib').crc32(response.body) !== Number(crc)) {
    throw new AwsServiceError('TimeoutError', 'the answer did not match its CRC32 (cut off on the way)', { fault: 'client' });
  }
  const text = response.body.toString('utf8');
  let body: Doc;
  try {
    body = text ? (JSON.parse(text) as Doc) : {};
  } catch {
    throw new AwsServiceError(`HTTP${response.statusCode}`, `DynamoDB answered HTTP ${response.statusCode} with a body that is not JSON`, {
      fault: response.statusCode >= 500 ? 'server' : 'client',
      status: response.statusCode,
    });
  }
  if (response.statusCode >= 300) throw errorOf(response, body);
  return body;
};

export class DynamoClient {
  readonly middlewareStack = new MiddlewareStack();
  readonly config: DynamoClientConfig;

  constructor(config: Partial<DynamoClientConfig> = {}) {
    const settings = config.settings ?? configuredSettings;
    this.config = { requestHandler: config.requestHandler ?? nodeRequestHandler, limits: config.limits ?? limitsOf('dynamodb', settings), settings };
  }

  send<Input extends object, Output extends object>(command: DynamoCommand<Input, Output>): Promise<Output> {
    const operation = OPERATIONS[command.operation];
    const handler = this.middlewareStack.resolve((args) => this.call(operation, args.input), {
      clientName: 'DynamoDBClient',
      commandName: `${operation.name}Command`,
    });
    return handler({ input: command.input as Doc }).then(({ output }) => output as Output);
  }

  /** Nothing to release: the keep-alive sockets are shared and unreferenced while idle. */
  destroy(): void {}

  private async call(operation: Operation, input: Doc): Promise<MiddlewareResult> {
    const { settings, requestHandler, limits } = this.config;
    const body = JSON.stringify(operation.marshal(input));
    const out = await sendSigned(
      'dynamodb',
      settings,
      (region) => ({
        endpoint: dynamoEndpoint(settings, region),
        method: 'POST',
        path: '/',
        headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': `DynamoDB_20120810.${operation.name}` },
        body,
      }),
      readAnswer,
      { handler: requestHandler, limits },
    );
    const { $metadata, ...answer } = out;
    return { output: { ...operation.unmarshal(answer), $metadata } };
  }
}
