/**
 * The S3 client of the functions (label files, manifests, carrier
 * documents): the four object operations they use and a presigned GET, over
 * S3's REST API signed by `aws4` (./signed-http.ts), with the limits and
 * retries of ./clients.ts. It replaces the SDK's S3Client and
 * presigner for the same reason as ./dynamodb.ts (docs/decisions.md, "A light
 * DynamoDB client"): their first use was most of label-file's first request.
 * Commands carry the SDK's names and the client has a `middlewareStack`
 * (../observability/tracer.ts times calls with it, the capacity bench counts bytes).
 *
 * Addressing: path-style (`<endpoint>/<bucket>/<key>`) on an emulator
 * (AWS_ENDPOINT_URL_S3, s3rver), virtual-hosted
 * (`https://<bucket>.s3.<region>.amazonaws.com/<key>`) on AWS. A module of
 * its own, imported only by the modules that use S3.
 */
import { config as configuredSettings } from '../config';
import { endpointOf, limitsOf, withoutSdkLogging, type AwsSettings } from './clients';
import {
  AwsServiceError,
  credentialsOf,
  firstHeader,
  MiddlewareStack,
  nodeRequestHandler,
  regionOf,
  sendSigned,
  signed,
  type HttpResponse,
  type RequestHandler,
} from './signed-http';
import { lazy } from '../lazy';
import { traced } from '../observability';

type ObjectInput = { Bucket: string; Key: string };

abstract class S3Command<Input extends ObjectInput, Output extends object> {
  declare readonly $output: Output;
  abstract readonly operation: 'HeadObject' | 'GetObject' | 'PutObject' | 'DeleteObject';
  constructor(readonly input: Input) {}
}

type Metadata = { $metadata: AwsServiceError['$metadata'] };
type ObjectHead = Metadata & { ContentType?: string; ContentLength?: number; ETag?: string };

export class HeadObjectCommand extends S3Command<ObjectInput, ObjectHead> {
  readonly operation = 'HeadObject';
}
/** The object's bytes are `Body`, whole (label files and documents are at most a few hundred KiB). */
export class GetObjectCommand extends S3Command<ObjectInput & { ResponseContentDisposition?: string }, ObjectHead & { Body: Buffer }> {
  readonly operation = 'GetObject';
}
export class PutObjectCommand extends S3Command<ObjectInput & { Body: Buffer | Uint8Array | string; ContentType?: string }, Metadata & { ETag?: string }> {
  readonly operation = 'PutObject';
}
export class DeleteObjectCommand extends S3Command<ObjectInput, Metadata> {
  readonly operation = 'DeleteObject';
}

export type S3ClientConfig = { requestHandler: RequestHandler; settings: AwsSettings };

/** The error an S3 answer names (`<Code>` of its XML), or the SDK's name for a body-less one (HEAD). */
const errorOf = (response: HttpResponse, method: string): AwsServiceError => {
  const text = response.body.toString('utf8');
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  const bare = response.statusCode === 404 ? 'NotFound' : response.statusCode === 403 ? 'Forbidden' : `HTTP${response.statusCode}`;
  const name = (method !== 'HEAD' && field('Code')) || bare;
  return new AwsServiceError(name, field('Message') ?? name, {
    fault: response.statusCode >= 500 ? 'server' : 'client',
    status: response.statusCode,
    requestId: firstHeader(response.headers, 'x-amz-request-id'),
  });
};

/**
 * Each segment of the key percent-encoded as SigV4 encodes it (RFC 3986:
 * `!'()*` too), its slashes kept, so the path sent is the path signed.
 */
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodeKey = (key: string) => key.split('/').map(encodeSegment).join('/');

export class S3LightClient {
  readonly middlewareStack = new MiddlewareStack();
  readonly config: S3ClientConfig;

  constructor(config: Partial<S3ClientConfig> = {}) {
    this.config = { requestHandler: config.requestHandler ?? nodeRequestHandler, settings: config.settings ?? configuredSettings };
  }

  /** The endpoint and path of an object: path-style on an emulator, virtual-hosted on AWS. */
  objectLocation(input: ObjectInput, region: string): { endpoint: URL; path: string } {
    const emulator = endpointOf('s3', this.config.settings);
    if (emulator) {
      const endpoint = new URL(emulator);
      return { endpoint, path: `${endpoint.pathname.replace(/\/$/, '')}/${input.Bucket}/${encodeKey(input.Key)}` };
    }
    return {
      endpoint: new URL(`https://${input.Bucket}.s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`),
      path: `/${encodeKey(input.Key)}`,
    };
  }

  send<Input extends ObjectInput, Output extends object>(command: S3Command<Input, Output>): Promise<Output> {
    const handler = this.middlewareStack.resolve((args) => this.call(command.operation, args.input as ObjectInput), {
      clientName: 'S3Client',
      commandName: `${command.operation}Command`,
    });
    return handler({ input: command.input }).then(({ output }) => output as Output);
  }

  /** Nothing to release (see ./dynamodb.ts). */
  destroy(): void {}

  private async call(
    operation: S3Command<ObjectInput, object>['operation'],
    input: ObjectInput & { Body?: Buffer | Uint8Array | string; ContentType?: string },
  ) {
    const { settings, requestHandler } = this.config;
    const method = { HeadObject: 'HEAD', GetObject: 'GET', PutObject: 'PUT', DeleteObject: 'DELETE' }[operation];
    const body =
      input.Body === undefined
        ? undefined
        : typeof input.Body === 'string'
          ? Buffer.from(input.Body)
          : Buffer.from(input.Body.buffer, input.Body.byteOffset, input.Body.byteLength);
    const out = await sendSigned(
      's3',
      settings,
      (region) => ({
        ...this.objectLocation(input, region),
        method,
        headers: {
          ...(input.ContentType ? { 'Content-Type': input.ContentType } : {}),
          ...(body ? { 'Content-Length': String(body.length) } : {}),
        },
        ...(body ? { body } : {}),
      }),
      (response) => {
        if (response.statusCode >= 300) throw errorOf(response, method);
        const length = firstHeader(response.headers, 'content-length');
        return {
          ...(response.headers['content-type'] ? { ContentType: firstHeader(response.headers, 'content-type') } : {}),
          ...(length !== undefined ? { ContentLength: Number(length) } : {}),
          ...(response.headers.etag ? { ETag: firstHeader(response.headers, 'etag') } : {}),
          ...(operation === 'GetObject' ? { Body: response.body } : {}),
        };
      },
      { handler: requestHandler, limits: limitsOf('s3', settings) },
    );
    return { output: out as Record<string, unknown> };
  }

  /**
   * A GET URL of the object valid `expiresIn` seconds (SigV4 in the query,
   * the payload unsigned, as S3 presigns), with the answer's
   * Content-Disposition when given.
   */
  async presignGet(input: ObjectInput & { ResponseContentDisposition?: string }, expiresIn: number): Promise<string> {
    const { settings } = this.config;
    const region = regionOf(settings);
    const { endpoint, path } = this.objectLocation(input, region);
    const query = new URLSearchParams({
      ...(input.ResponseContentDisposition ? { 'response-content-disposition': input.ResponseContentDisposition } : {}),
      'X-Amz-Expires': String(expiresIn),
    });
    const request = signed({
      service: 's3',
      region,
      endpoint,
      method: 'GET',
      path: `${path}?${query.toString()}`,
      headers: {},
      credentials: await credentialsOf(settings),
      signQuery: true,
    });
    return `${endpoint.protocol}//${endpoint.host}${request.path}`;
  }
}

export const createS3Client = (settings: AwsSettings = configuredSettings): S3LightClient => traced(withoutSdkLogging(new S3LightClient({ settings })));

export const s3: S3LightClient = /* @__PURE__ */ lazy(() => createS3Client());
