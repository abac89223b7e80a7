/**
 * The light clients' signatures (shared/aws/signed-http.ts over `aws4`) checked
 * against AWS's own Signature Version 4 implementation, @smithy/signature-v4
 * (what the AWS SDK signs with): the same request, time and credentials must
 * give the same signature, for a DynamoDB call, an S3 upload of a key with
 * characters that need encoding, and a presigned S3 GET with its
 * Content-Disposition. Neither DynamoDB Local nor s3rver checks signatures,
 * so this is what holds them to what AWS accepts.
 */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { signed } from '../../shared/aws/signed-http';
import { S3LightClient } from '../../shared/aws/s3';
import { readEnvironment } from '../../shared/config';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The SDK's hash interface over node:crypto (an HMAC when given a secret). */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {}
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'FQoGZXIvYXdzE//session+token=' };
const at = new Date('2026-11-26T12:34:56Z');
const AMZ_DATE = '20261126T123456Z';
const reference = (service: string) =>
  new SignatureV4({ service, region: 'eu-west-1', credentials, sha256: Sha256, uriEscapePath: service !== 's3', applyChecksum: false });
const signatureOf = (authorization: string | undefined) => /Signature=([0-9a-f]{64})/.exec(authorization ?? '')?.[1];
const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));

it('a DynamoDB call is signed as the SDK signs it', async () => {
  const body = JSON.stringify({ TableName: 't', Key: { pk: { S: 'COMPANY#ü' }, sk: { S: 'A B' } } });
  const ours = signed({
    service: 'dynamodb',
    region: 'eu-west-1',
    endpoint: new URL('https://dynamodb.eu-west-1.amazonaws.com'),
    method: 'POST',
    path: '/',
    headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.GetItem', 'X-Amz-Date': AMZ_DATE },
    body,
    credentials,
  });
  const { authorization, ...headers } = lower(ours.headers);
  expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261126\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=/);
  const theirs = await reference('dynamodb').sign(
    { method: 'POST', protocol: 'https:', hostname: 'dynamodb.eu-west-1.amazonaws.com', path: '/', query: {}, headers, body },
    { signingDate: at },
  );
  expect(signatureOf(authorization)).toBe(signatureOf(theirs.headers.authorization));
  expect(headers['x-amz-security-token']).toBe(credentials.sessionToken);
});

it('an S3 upload of a key that needs encoding is signed as the SDK signs it', async () => {
  const client = new S3LightClient({ settings: readEnvironment({ AWS_REGION: 'eu-west-1' }) });
  const { endpoint, path } = client.objectLocation({ Bucket: 'labels-bucket', Key: 'labels/c 1/o+1/é~(x).pdf' }, 'eu-west-1');
  expect(path).toBe('/labels/c%201/o%2B1/%C3%A9~%28x%29.pdf');
  const body = Buffer.from('%PDF-1.7 label');
  const ours = signed({
    service: 's3',
    region: 'eu-west-1',
    endpoint,
    method: 'PUT',
    path,
    headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(body.length), 'X-Amz-Date': AMZ_DATE },
    body,
    credentials,
  });
  const { authorization, ...headers } = lower(ours.headers);
  // S3 wants the payload's hash in a header of its own; aws4 signs it.
  expect(headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
  const theirs = await reference('s3').sign(
    { method: 'PUT', protocol: 'https:', hostname: endpoint.hostname, path, query: {}, headers, body },
    { signingDate: at },
  );
  expect(signatureOf(authorization)).toBe(signatureOf(theirs.headers.authorization));
});

it('a presigned S3 GET is signed as the SDK presigns it: expiry, Content-Disposition and session token in the query', async () => {
  jest.useFakeTimers({ now: at, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const env = {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: credentials.sessionToken,
    };
    const client = new S3LightClient({ settings: readEnvironment(env) });
    const url = new URL(
      await client.presignGet(
        { Bucket: 'labels-bucket', Key: 'labels/c1/o1/SHIPPING_LABEL_PDF.pdf', ResponseContentDisposition: 'attachment; filename="1Z 999.pdf"' },
        900,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://labels-bucket.s3.eu-west-1.amazonaws.com/labels/c1/o1/SHIPPING_LABEL_PDF.pdf');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20261126/eu-west-1/s3/aws4_request',
      'X-Amz-Date': AMZ_DATE,
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Security-Token': credentials.sessionToken,
      'response-content-disposition': 'attachment; filename="1Z 999.pdf"',
    });
    const theirs = await reference('s3').presign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: url.hostname,
        path: url.pathname,
        query: { 'response-content-disposition': params['response-content-disposition']! },
        headers: { host: url.hostname, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      { signingDate: at, expiresIn: 900, unsignableHeaders: new Set(['x-amz-content-sha256']), unhoistableHeaders: new Set(['x-amz-content-sha256']) },
    );
    expect(params['X-Amz-Signature']).toBe(theirs.query?.['X-Amz-Signature']);
  } finally {
    jest.useRealTimers();
  }
});
