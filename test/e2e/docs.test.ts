/**
 * The documentation of the real runtime (`npm start`): /v1/openapi.json
 * without a key, and /docs rendered by a real headless Chromium (Debian's
 * `chromium`, driven by playwright-core): every operation of openapi.json is
 * on the page, nothing is requested outside the runtime's origin, nothing is
 * logged as an error, and "Try it out" with an authorized key reaches the
 * runtime itself.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { e2e } from '../support/e2e';

jest.setTimeout(90_000);

const root = path.resolve(__dirname, '..', '..');
const documentOnDisk = () => readFileSync(path.join(root, 'openapi.json'));
const origin = () => new URL(e2e.baseUrl).origin;

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else `chromium` on PATH. */
const findChromium = (): string => {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (executable(chosen)) return chosen;
    throw new Error(`CHROMIUM_PATH=${chosen} is not an executable file: fix it, or unset it and run \`npm run setup:browser\``);
  }
  const candidates = ['/usr/bin/chromium', spawnSync('which', ['chromium'], { encoding: 'utf8' }).stdout?.trim()];
  const found = candidates.find((c): c is string => !!c && executable(c));
  if (found) return found;
  throw new Error(
    "No Chromium for the browser test of /docs: set CHROMIUM_PATH, or install Debian's chromium with `npm run setup:browser` " +
      '(CHROMIUM_PATH is unset; looked at /usr/bin/chromium and `which chromium`)',
  );
};

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

type Operation = { method: string; path: string };

/** The operations of the document's paths and of its webhooks (named by event type). */
const documentOperations = (): Operation[] => {
  const doc = JSON.parse(documentOnDisk().toString('utf8')) as {
    paths: Record<string, Record<string, unknown>>;
    webhooks?: Record<string, Record<string, unknown>>;
  };
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  return [...Object.entries(doc.paths), ...Object.entries(doc.webhooks ?? {})]
    .flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => methods.has(m))
        .map((m) => ({ method: m.toUpperCase(), path: p })),
    )
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
};

/** node:http sends the path as written (fetch would resolve `..` first). */
const rawGet = (pathAsSent: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const url = new URL(e2e.baseUrl);
    const req = request({ host: url.hostname, port: url.port, path: pathAsSent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('/v1/openapi.json over HTTP', () => {
  it('answers 200 without a key: the openapi.json on disk, byte for byte, which parses as an OpenAPI 3 document', async () => {
    const response = await fetch(`${e2e.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(documentOnDisk())).toBe(true);
    const doc = JSON.parse(body.toString('utf8')) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it('revalidates with its ETag (304), answers HEAD, and other methods get 405 with Allow', async () => {
    const etag = (await fetch(`${e2e.baseUrl}/openapi.json`)).headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetch(`${e2e.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    const head = await fetch(`${e2e.baseUrl}/openapi.json`, { method: 'HEAD' });
    expect({ status: head.status, length: head.headers.get('content-length') }).toEqual({ status: 200, length: String(documentOnDisk().length) });
    const post = await fetch(`${e2e.baseUrl}/openapi.json`, { method: 'POST', body: '{}' });
    expect({ status: post.status, allow: post.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await post.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) } });
  });

  it.each(
    [
      '/docs/assets/../../package.json',
      '/docs/assets/%2e%2e/%2e%2e/package.json',
      '/docs/assets/..%2f..%2fpackage.json',
      '/docs/assets/swagger-ui.css%00',
      '/docs/assets/%2e%2e%2f%2e%2e%2f.data%2fdemo.json',
      `/docs/assets/${'a'.repeat(4000)}`,
    ].map((a) => [a.length > 60 ? `${a.slice(0, 40)}... (${a.length} characters)` : a, a]),
  )('the asset path %s is 404 NOT_FOUND', async (_name, attempt) => {
    const response = await rawGet(attempt);
    expect({ status: response.status, body: JSON.parse(response.body) }).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: expect.any(String) } },
    });
  });
});

describe('/docs in headless Chromium', () => {
  let browser: Browser | undefined;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), timeout: 30_000 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    context.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    const response = await page.goto(`${origin()}/docs`, { timeout: 30_000 });
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 30_000 });
  });

  afterAll(async () => {
    // Bounded: a hung browser must not hold the run; playwright kills what it launched when the worker exits.
    await withTimeout(browser?.close() ?? Promise.resolve(), 10_000, 'closing Chromium').catch((e: unknown) => console.warn(String(e)));
  });

  it('shows every operation of openapi.json, and only those', async () => {
    const rendered = await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => ({
        method: (b.querySelector('.opblock-summary-method')?.textContent ?? '').trim().toUpperCase(),
        path: b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
      })),
    );
    const sorted = rendered.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
    expect(sorted).toEqual(documentOperations());
  });

  it("shows the document's title and its description's guide", async () => {
    const doc = JSON.parse(documentOnDisk().toString('utf8')) as { info: { title: string } };
    await expect(page.locator('.info .title').first().textContent()).resolves.toContain(doc.info.title);
    expect(await page.title()).toContain(doc.info.title);
  });

  it('requested nothing outside the runtime origin, and logged no error', async () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests).toContain(`GET ${origin()}/v1/openapi.json`);
    expect(requests.filter((r) => new URL(r.split(' ')[1]!).origin !== origin())).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('"Try it out" on GET /v1/carriers with an authorized key calls this runtime and shows its 200', async () => {
    // The first server is the page's own origin, whatever port the runtime listens on.
    await expect(page.locator('.servers select').inputValue()).resolves.toBe(origin());
    await page.locator('.auth-wrapper .authorize').click();
    await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(e2e.apiKey);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();

    const block = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-path[data-path="/v1/carriers"]') });
    await block.locator('.opblock-summary-control').click();
    await block.locator('button.try-out__btn').click();
    const [call] = await Promise.all([
      page.waitForRequest((r) => r.url() === `${origin()}/v1/carriers`, { timeout: 15_000 }),
      block.locator('button.execute').click(),
    ]);
    expect(call.headers()['x-api-key']).toBe(e2e.apiKey);
    const answer = block.locator('.live-responses-table tr.response');
    await answer.waitFor({ timeout: 15_000 });
    expect((await answer.locator('.response-col_status').textContent())?.trim()).toBe('200');
    await expect(answer.locator('.response-col_description').textContent()).resolves.toContain('"CARRIERX"');
    expect(requests.filter((r) => new URL(r.split(' ')[1]!).origin !== origin())).toEqual([]);
    expect(problems).toEqual([]);
  });
});
