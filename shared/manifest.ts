/**
 * The function manifest (DESIGN.md §1): the one list of functions and their
 * triggers. The CDK stack, the local runtime and the OpenAPI document read it;
 * test/unit/manifest.test.ts fails when they drift.
 */
export type Scope =
  | 'shipments:rate'
  | 'shipments:create'
  | 'shipments:labels'
  | 'shipments:track'
  | 'shipments:cancel';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export type HttpTrigger = {
  kind: 'http';
  method: HttpMethod;
  /** API Gateway resource path, with `{param}` placeholders, under /v1. */
  path: string;
  /** Any one of these scopes is enough; empty means any valid key. */
  scopes: Scope[];
};
export type StreamTrigger = { kind: 'stream' };
export type ScheduleTrigger = { kind: 'schedule'; everyMinutes: number };
export type Trigger = HttpTrigger | StreamTrigger | ScheduleTrigger;

/** What a function may do to the table and the label bucket (least privilege in CDK). */
export type Access = { table: 'none' | 'read' | 'readwrite'; bucket: 'none' | 'read' | 'readwrite'; email?: boolean };

export type FunctionEntry = {
  name: string;
  /** Path of the handler module, relative to the repository root, exporting `handler`. */
  entry: string;
  trigger: Trigger;
  access: Access;
  description: string;
};

export const manifest: FunctionEntry[] = [
  {
    name: 'packaging-types',
    entry: 'functions/packaging-types/handler.ts',
    trigger: { kind: 'http', method: 'GET', path: '/v1/packaging-types', scopes: [] },
    access: { table: 'read', bucket: 'none' },
    description: 'Default packaging types, then the company custom boxes',
  },
  {
    name: 'carriers',
    entry: 'functions/carriers/handler.ts',
    trigger: { kind: 'http', method: 'GET', path: '/v1/carriers', scopes: [] },
    access: { table: 'read', bucket: 'none' },
    description: "Carriers of the company's pricing group",
  },
  {
    name: 'carrier-services',
    entry: 'functions/carrier-services/handler.ts',
    trigger: { kind: 'http', method: 'GET', path: '/v1/carrier-services', scopes: [] },
    access: { table: 'read', bucket: 'none' },
    description: 'Enabled services of one carrier, default first',
  },
  {
    name: 'rate',
    entry: 'functions/rate/handler.ts',
    trigger: { kind: 'http', method: 'POST', path: '/v1/rate', scopes: ['shipments:rate'] },
    access: { table: 'readwrite', bucket: 'none' },
    description: 'Quote every carrier of the pricing group and return sanitized rates',
  },
];

export const httpFunctions = (): Array<FunctionEntry & { trigger: HttpTrigger }> =>
  manifest.filter((f): f is FunctionEntry & { trigger: HttpTrigger } => f.trigger.kind === 'http');
