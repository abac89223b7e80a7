/**
 * A local FedEx for `npm start` (docs/fedex.md, "A local FedEx"): starts the
 * FedEx mock server (./mock-server.ts) and prints its base URL and the client
 * id and secret it accepts (for any account number), as one JSON line. It
 * stops on SIGINT, SIGTERM or SIGHUP.
 *
 *   npx tsx local/fedex/mock.ts [--port N]
 *
 * FEDEX_MOCK_CLIENT_ID / FEDEX_MOCK_CLIENT_SECRET set the accepted
 * credentials (defaults below: demo values, never a real FedEx key). It
 * needs FedEx's OpenAPI documents (FEDEX_SPEC_DIR, else the shared folder
 * beside the project) and says so when they are absent.
 */
import { parseArgs } from 'node:util';
import { startFedexMock } from './mock-server';
import { fedexSpecDir, missingFedexDocuments } from './spec';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const missing = missingFedexDocuments();
if (missing.length > 0) {
  console.error(
    `FedEx's OpenAPI documents ${missing.join(', ')} are not in ${fedexSpecDir()}: set FEDEX_SPEC_DIR (the simulator validates every request and answer against them)`,
  );
  process.exit(2);
}
const client = {
  clientId: process.env.FEDEX_MOCK_CLIENT_ID || 'local-fedex-client',
  clientSecret: process.env.FEDEX_MOCK_CLIENT_SECRET || 'local-fedex-secret',
};

void startFedexMock({ clients: [client], port }).then((mock) => {
  console.log(JSON.stringify({ url: mock.url, ...client }));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void mock.close().then(() => process.exit(0));
    });
  }
});
