/**
 * A local UPS for `npm start` (docs/ups.md, "A local UPS"): starts the UPS
 * mock server (./mock-server.ts) and prints its URLs and the client id and
 * secret it accepts, as one JSON line. It stops on SIGINT, SIGTERM or SIGHUP.
 *
 *   npx tsx local/ups/mock.ts [--port N]
 *
 * UPS_MOCK_CLIENT_ID / UPS_MOCK_CLIENT_SECRET set the accepted credentials
 * (defaults below: demo values, never a real UPS secret).
 */
import { parseArgs } from 'node:util';
import { startUpsMock } from './mock-server';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const client = { clientId: process.env.UPS_MOCK_CLIENT_ID || 'local-ups-client', clientSecret: process.env.UPS_MOCK_CLIENT_SECRET || 'local-ups-secret' };

void startUpsMock({ clients: [client], port }).then((mock) => {
  console.log(JSON.stringify({ url: mock.url, apiUrl: mock.apiUrl, ...client }));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void mock.close().then(() => process.exit(0));
    });
  }
});
