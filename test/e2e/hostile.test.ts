/**
 * The running `npm start` runtime, attacked as the hardening issue did: each
 * request answers at once with a 4xx, and the server keeps answering after it.
 */
import { api, expectErrorBody } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => api('/rate', { method: 'POST', headers, body });
const withPiece = (field: string, value: unknown) => {
  const body = sampleRateBody();
  body.packages.pieces[0][field] = value;
  return JSON.stringify(body);
};

/** The server still serves: a catalog read and a valid rate both answer 200. */
const stillServes = async () => {
  expect((await api('/carriers')).status).toBe(200);
  expect((await post(JSON.stringify(sampleRateBody()))).status).toBe(200);
};

describe('hostile requests against npm start', () => {
  it('a shipping date in year 9999 is a 400, and the runtime keeps answering', async () => {
    const body = sampleRateBody();
    body.shippingOptions.shippingDate = '9999-12-31';
    expectErrorBody(await post(JSON.stringify(body)), 400, 'VALIDATION_FAILED');
    await stillServes();
  });

  it.each([1e6, 1e9, 1e308])('a piece quantity of %d is a 400', async (quantity) => {
    expectErrorBody(await post(withPiece('quantity', quantity)), 400, 'VALIDATION_FAILED');
  });

  it('a body over 128 KiB is a 413 and the runtime keeps answering', async () => {
    const body = { ...sampleRateBody(), padding: 'x'.repeat(200 * 1024) };
    expectErrorBody(await post(JSON.stringify(body)), 413, 'PAYLOAD_TOO_LARGE');
    await stillServes();
  });

  it('nesting thousands of levels deep in an extra field is a 400', async () => {
    const text = `${JSON.stringify(sampleRateBody()).slice(0, -1)},"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expectErrorBody(await post(text), 400, 'VALIDATION_FAILED');
  });

  it('a root key named constructor and numbers out of DynamoDB range in billingOptions are rated, not 500', async () => {
    const body = { ...sampleRateBody(), constructor: 'x', billingOptions: { soldTo: { constructor: 'y', n: 1e308 } } };
    expect((await post(JSON.stringify(body))).status).toBe(200);
  });

  it.each(['toString', 'constructor', '__proto__'])('a query parameter named %s is just a name', async (name) => {
    expect((await api(`/carriers?${name}=1`)).status).toBe(200);
    expect((await api(`/carrier-services?carrierCode=CARRIERX&${name}=x`)).status).toBe(200);
    expectErrorBody(await api(`/carriers?${name}=1`, { key: null }), 401, 'UNAUTHORIZED');
  });
});
