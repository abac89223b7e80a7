import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { httpFunctions, FUNCTIONS, OPERATOR_PREFIXES } from '../../shared/functions';
import { bodyPolicyOf } from '../../shared/contract/route';
import { routeOf, routes } from '../../shared/contract/routes';
import { PK_PREFIX } from '../../shared/store/keys';

const root = join(__dirname, '..', '..');

describe('the function list', () => {
  it('names each function once', () => {
    const names = FUNCTIONS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });
  it.each(FUNCTIONS.map((f) => [f.name, f] as const))('%s has a handler module exporting handler', (_name, f) => {
    const file = join(root, f.entry);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
    expect(f.entry).toBe(`functions/${f.name}/handler.ts`);
  });
  it('every function folder is in the function list', () => {
    const folders = readdirSync(join(root, 'functions'));
    expect(folders.sort()).toEqual(FUNCTIONS.map((f) => f.name).sort());
  });
  it('every HTTP route is unique and under /v1', () => {
    const routes = FUNCTIONS.flatMap((f) => (f.trigger.kind === 'http' ? [`${f.trigger.method} ${f.trigger.path}`] : []));
    expect(new Set(routes).size).toBe(routes.length);
    for (const r of routes) expect(r).toMatch(/^(GET|POST|DELETE) \/v1\//);
  });
  it('every function has a sample event in events/', () => {
    for (const f of FUNCTIONS) expect(existsSync(join(root, 'events', `${f.name}.json`))).toBe(true);
  });
});

describe('each HTTP function is declared completely', () => {
  it('has its route object, and no route object is of another name', () => {
    expect(routes.map((r) => r.name).sort()).toEqual(
      httpFunctions()
        .map((f) => f.name)
        .sort(),
    );
  });

  it.each(httpFunctions().map((f) => [f.name, f] as const))('%s takes its trigger and description from its route object', (name, f) => {
    const route = routeOf(name);
    expect(f.trigger).toEqual({ kind: 'http', method: route.method, path: route.path, scopes: route.scopes, body: bodyPolicyOf(route) });
    expect(f.description).toBe(route.description);
    if (f.trigger.method === 'GET') expect(f.trigger.body).toBe('none');
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s validates exactly the parameters of its path', (_name, route) => {
    const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(route.request.params?.shape ?? {}).sort()).toEqual(placeholders);
  });
});

describe('table writes', () => {
  it.each(FUNCTIONS.map((f) => [f.name, f] as const))('%s declares its write prefixes, all kinds of items a function may write', (_name, f) => {
    expect(Array.isArray(f.access.writes)).toBe(true);
    for (const prefix of f.access.writes) {
      expect(Object.values(PK_PREFIX)).toContain(prefix);
      expect(OPERATOR_PREFIXES.filter((operator) => prefix.startsWith(operator) || operator.startsWith(prefix))).toEqual([]);
    }
  });

  it('reserves API keys, companies, the reference data and the carrier accounts for the operator', () => {
    expect([...OPERATOR_PREFIXES].sort()).toEqual(['APIKEY#', 'APIKEYID#', 'CARRIERACCT#', 'COMPANY#', 'REFERENCE']);
  });

  it("rate writes rate requests and rate responses, ship orders, the claim on rate responses and a pushing carrier's tracking-number pointer, a carrier's push events URL the order (its token URL nothing), the label file its render marker, track and cancel the order, the tracking worker the order and what its reconciler's adoption writes as a ship does (the dispatcher nothing), notify its markers under the order, address validation its cache, batches their partition and the worker what a quote and a ship write; the readers write nothing", () => {
    const writes = Object.fromEntries(FUNCTIONS.map((f) => [f.name, f.access.writes]));
    expect(writes).toEqual({
      'packaging-types': [],
      carriers: [],
      'carrier-services': [],
      rate: ['RATEREQ#', 'RATERESP#', 'ADDRVAL#'],
      ship: ['ORDER#', 'RATERESP#', 'TRACKNO#', 'MANIFEST#'],
      labels: [],
      'label-file': ['ORDER#'],
      track: ['ORDER#'],
      cancel: ['ORDER#', 'MANIFEST#'],
      'manifests-create': ['ORDER#', 'MANIFEST#'],
      'manifests-list': [],
      'manifest-get': [],
      'manifest-file': [],
      'pickups-availability': [],
      'pickups-create': ['PICKUP#'],
      'pickups-list': [],
      'pickup-get': [],
      'pickup-cancel': ['PICKUP#'],
      notify: ['ORDER#'],
      'tracking-refresh': [],
      'tracking-check': ['ORDER#', 'RATERESP#', 'TRACKNO#', 'MANIFEST#', 'PICKUP#'],
      'webhooks-create': ['WEBHOOK#'],
      'webhooks-list': [],
      'webhook-get': [],
      'webhook-delete': ['WEBHOOK#'],
      'webhook-deliveries': [],
      'webhook-retry': ['WEBHOOK#'],
      'webhook-events': ['WEBHOOK#'],
      'webhook-deliver': ['WEBHOOK#'],
      'webhook-sweep': ['WEBHOOK#'],
      'carrier-push-token': [],
      'carrier-push-events': ['ORDER#'],
      'addresses-validate': ['ADDRVAL#'],
      'batches-create': ['BATCH#'],
      'batch-get': [],
      'batch-items': [],
      'batch-cancel': ['BATCH#'],
      'batch-labels': ['BATCH#'],
      'batch-worker': ['BATCH#', 'RATEREQ#', 'RATERESP#', 'ADDRVAL#', 'ORDER#', 'TRACKNO#', 'MANIFEST#'],
    });
  });
});

describe('each function names itself as the function list does', () => {
  const camel = (name: string) => name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  it.each(httpFunctions().map((f) => [f.name, f] as const))('%s wraps its main with its own route object', (name, f) => {
    expect(readFileSync(join(root, f.entry), 'utf8')).toMatch(new RegExp(`httpHandler\\(\\s*${camel(name)}Route\\b`));
  });
  it.each(FUNCTIONS.filter((f) => f.trigger.kind === 'inbound').map((f) => [f.name, f] as const))(
    '%s wraps its main as the inbound route of its name',
    (name, f) => {
      expect(readFileSync(join(root, f.entry), 'utf8')).toContain(`inboundHandler('${name}'`);
    },
  );
});
