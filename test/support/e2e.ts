/**
 * Helpers of the e2e tests: the runtime that e2e-setup.ts started, HTTP
 * calls to it (raw, `api()`, or typed, `client()`), and the admin commands
 * run in this worker against the same local stack (its runtime.json), which
 * is quicker than a CLI process per key.
 *
 * Every answer of either kind of call is checked against openapi.json
 * (test/support/openapi-validator.ts): a status the operation does not
 * document, a missing required header or a body that does not fit its schema
 * fails the call, so the document cannot silently lie.
 */
import { randomBytes } from 'node:crypto';
import { createShippingClient, serverUrl, type ShippingClient } from '../../client';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { resolveAdminTarget, targetEnv, type AdminTarget } from '../../admin/target';
import { applyEnv } from '../../local/env';
import { documentValidator, pathBelow, validationMiddleware, type OpenApiValidator } from './openapi-validator';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through the \`e2e\` Jest project (test/support/e2e-setup.ts)`);
  return value;
};

export const e2e = {
  get baseUrl() {
    return required('E2E_BASE_URL');
  },
  get apiKey() {
    return required('E2E_API_KEY');
  },
  /** The demo test key `npm start` printed beside the demo key (same company). */
  get testApiKey() {
    return required('E2E_TEST_API_KEY');
  },
  get companyId() {
    return required('E2E_COMPANY_ID');
  },
  get dataDir() {
    return required('E2E_DATA_DIR');
  },
};

export type ApiResponse = { status: number; headers: Headers; text: string; json: unknown };

/**
 * What the local runtime serves beside the API's operations (local/docs.ts):
 * the document itself and the docs page, no operation of the document.
 */
const outsideDocument = (path: string) =>
  path === '/v1/openapi.json' || path === '/docs' || path.startsWith('/docs/') || path === '/v1/docs' || path === '/v1/docs/';

let validator: OpenApiValidator | undefined;
/**
 * The validator of openapi.json, made once per worker. Its objects are
 * closed: a field the runtime answers and the document does not list fails.
 */
export const openApi = (): OpenApiValidator => (validator ??= documentValidator({ outsideDocument, closedObjects: true }));

/** The server URL's own path (empty for npm start): what the document's paths are below. */
const serverPath = () => new URL(serverUrl(e2e.baseUrl)).pathname;

/**
 * One request to the runtime. `key` undefined sends the demo key, null sends
 * no key; `path` is relative to the base URL (which ends in /v1).
 */
export const api = async (
  path: string,
  options: { key?: string | null; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ApiResponse> => {
  const key = options.key === undefined ? e2e.apiKey : options.key;
  const url = `${e2e.baseUrl}${path}`;
  const method = options.method ?? 'GET';
  const response = await fetch(url, {
    method,
    headers: { ...(key === null ? {} : { 'X-API-Key': key }), ...options.headers },
    body: options.body,
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  openApi().assertDocumented({ method, path: pathBelow(url, serverPath()), status: response.status, headers: response.headers, body: text });
  return { status: response.status, headers: response.headers, text, json };
};

/**
 * Checks an answer fetched without `api()` or `client()` (a runtime of the
 * test's own, a raw fetch) against the document; `url` is the full request
 * URL, whose server part (origin, and a stage's path when `serverPath` says
 * so) is not part of the document's paths.
 */
export const expectDocumented = (url: string, method: string, response: Response, body: string, serverPath = '') =>
  openApi().assertDocumented({ method, path: pathBelow(url, serverPath), status: response.status, headers: response.headers, body });

/**
 * The typed client (client/index.ts) on the runtime, every answer checked
 * against the document. `key` defaults to the demo key.
 */
export const client = (key: string = e2e.apiKey): ShippingClient => {
  const typed = createShippingClient({ baseUrl: e2e.baseUrl, apiKey: key });
  typed.use(validationMiddleware(openApi()));
  return typed;
};

/** A typed client's error answer: the status, `{"error": {"code", "message"}}`, JSON, x-request-id. */
export const expectTypedError = (result: { error?: unknown; response: Response }, status: number, code: string) => {
  expect({ status: result.response.status, code: (result.error as { error?: { code?: string } } | undefined)?.error?.code }).toEqual({ status, code });
  expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(result.error).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(result.response.headers.get('x-request-id')).toBeTruthy();
};

let target: AdminTarget | undefined;

/** An admin command (docs/configuration.md) against the running e2e stack, e.g. `admin('key', 'create', '--company', id)`. */
export const admin = async <T = Record<string, string>>(...argv: string[]): Promise<T> => {
  if (!target) {
    target = resolveAdminTarget({ ...process.env, DATA_DIR: e2e.dataDir });
    applyEnv(targetEnv(target));
  }
  return (await executeAdminCommand(parseAdminCommand(argv), target)) as T;
};

export const companyWithKey = async (options: { pricingGroup?: string; scopes?: string } = {}) => {
  const { companyId } = await admin<{ companyId: string }>(
    'company',
    'create',
    '--name',
    `E2E ${randomBytes(3).toString('hex')}`,
    '--pricing-group',
    options.pricingGroup ?? 'default',
  );
  const { apiKey, keyId } = await admin<{ apiKey: string; keyId: string }>(
    'key',
    'create',
    '--company',
    companyId,
    ...(options.scopes ? ['--scopes', options.scopes] : []),
  );
  return { companyId, apiKey, keyId };
};

/** The body of an error answer: `{"error": {"code", "message"}}`. */
export const expectErrorBody = (response: ApiResponse, status: number, code: string) => {
  expect({ status: response.status, code: (response.json as { error?: { code?: string } })?.error?.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.json).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(response.headers.get('x-request-id')).toBeTruthy();
};
