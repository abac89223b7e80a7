/**
 * The typed client (client/index.ts): its types are openapi-typescript's
 * output for the committed openapi.json (regenerated here and compared, as
 * test/unit/openapi.test.ts does for openapi.json itself), every request
 * carries the key, and the document names the servers the client is given.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createShippingClient, serverUrl } from '../../client';
import { stageNames } from '../../lib/stages';
import { SERVERS, STAGE_NAMES, buildOpenApi } from '../../tooling/openapi';

const root = path.join(__dirname, '..', '..');

describe('client/schema.d.ts', () => {
  it('is what openapi-typescript makes of the committed openapi.json (run `npm run openapi`)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'schema-d-ts-'));
    try {
      const fresh = path.join(dir, 'schema.d.ts');
      // The CLI of `npm run openapi`, run by this Node, so the comparison holds exactly what the script writes.
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), path.join(root, 'openapi.json'), '--output', fresh],
        {
          cwd: root,
          stdio: ['ignore', 'ignore', 'pipe'],
          timeout: 60_000,
        },
      );
      expect(readFileSync(path.join(root, 'client', 'schema.d.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('servers of the document', () => {
  const doc = buildOpenApi();

  it('names the local runtime and a deployed stage, without /v1 (the path keys carry it)', () => {
    expect(doc.servers?.map((s) => s.url)).toEqual(['http://127.0.0.1:{port}', 'https://{restApiId}.execute-api.{region}.amazonaws.com/{stage}']);
    expect(Object.keys(doc.paths ?? {}).every((p) => p.startsWith('/v1/'))).toBe(true);
    expect(doc.servers?.[0]?.variables?.port?.default).toBe('3000');
  });

  it('offers exactly the stages of lib/stages.ts', () => {
    expect(STAGE_NAMES).toEqual([...stageNames]);
    expect(SERVERS[1]!.variables.stage!.enum).toEqual([...stageNames]);
  });

  it('every server variable of a URL is declared, and every declared one is used', () => {
    for (const server of doc.servers ?? []) {
      const used = [...server.url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(server.variables ?? {}).sort()).toEqual(used);
    }
  });

  it('guides through the call order of spec part 1, with the scope of each step', () => {
    const guide = doc.info.description ?? '';
    const steps = guide.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(steps.map((s) => s.match(/^\d+\. \*\*([^*]+)\*\*/)?.[1])).toEqual([
      'Get a key.',
      'Discover',
      'Rate',
      'Ship',
      'List the labels',
      'Download a label file',
      'Track',
      'Cancel',
      'Close the day',
    ]);
    const order = [
      '/v1/packaging-types',
      '/v1/carriers',
      '/v1/carrier-services',
      'POST /v1/rate',
      'POST /v1/ship/{rateResponseId}',
      'GET /v1/labels/{orderId}`',
      'GET /v1/labels/{orderId}/{code}',
      'GET /v1/track/{orderId}',
      'DELETE /v1/shipments/{orderId}',
      'POST /v1/manifests',
    ];
    const positions = order.map((needle) => guide.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const scope of ['shipments:rate', 'shipments:create', 'shipments:labels', 'shipments:track', 'shipments:cancel', 'shipments:manifest'])
      expect(guide).toContain(`\`${scope}\``);
  });
});

describe('createShippingClient', () => {
  const recording = () => {
    const requests: Request[] = [];
    const fetch = async (request: Request) => {
      requests.push(request);
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    return { requests, fetch };
  };

  it('sends X-API-Key on every request, to the server URL plus the document path', async () => {
    const { requests, fetch } = recording();
    const client = createShippingClient({ baseUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/dev', apiKey: 'ship_api_0123', fetch });
    const { data } = await client.GET('/v1/carriers');
    await client.GET('/v1/carrier-services', { params: { query: { carrierCode: 'CARRIERX' } } });
    expect(data).toEqual({ data: [] });
    expect(requests.map((r) => [r.method, r.url, r.headers.get('x-api-key')])).toEqual([
      ['GET', 'https://abc.execute-api.eu-west-1.amazonaws.com/dev/v1/carriers', 'ship_api_0123'],
      ['GET', 'https://abc.execute-api.eu-west-1.amazonaws.com/dev/v1/carrier-services?carrierCode=CARRIERX', 'ship_api_0123'],
    ]);
  });

  it('takes a base URL ending in /v1 (the interface spells it so) without doubling it', async () => {
    expect(serverUrl('http://127.0.0.1:3000/v1/')).toBe('http://127.0.0.1:3000');
    expect(serverUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(serverUrl('https://x.execute-api.us-east-1.amazonaws.com/prod/')).toBe('https://x.execute-api.us-east-1.amazonaws.com/prod');
    const { requests, fetch } = recording();
    await createShippingClient({ baseUrl: 'http://127.0.0.1:3000/v1', apiKey: 'k', fetch }).GET('/v1/track/{orderId}', {
      params: { path: { orderId: 'a/b' } },
    });
    expect(requests[0]!.url).toBe('http://127.0.0.1:3000/v1/track/a%2Fb');
  });

  it('refuses to be made without a key', () => {
    expect(() => createShippingClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: '' })).toThrow(/apiKey/);
  });
});
