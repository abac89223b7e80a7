/**
 * A local Canada Post for `npm start` (docs/canada-post.md, "A local Canada
 * Post"): starts the mock server (./mock-server.ts) and prints its base URL
 * and the API username and password it accepts, as one JSON line. It stops
 * on SIGINT, SIGTERM or SIGHUP.
 *
 *   npx tsx local/canada-post/mock.ts [--port N]
 *
 * CANADAPOST_MOCK_USERNAME / CANADAPOST_MOCK_PASSWORD set the accepted
 * credentials (defaults below: demo values, never a real Canada Post key).
 * It needs Canada Post's XML schemas (CANADAPOST_XSD_DIR, else the shared
 * folder beside the project) and says so when they are absent.
 */
import { parseArgs } from 'node:util';
import { startCanadaPostMock } from './mock-server';
import { canadaPostXsdAvailable, canadaPostXsdDir } from './xsd';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
if (!canadaPostXsdAvailable()) {
  console.error(
    `Canada Post's XML schemas are not in ${canadaPostXsdDir()}: set CANADAPOST_XSD_DIR (the simulator validates every request and answer against them)`,
  );
  process.exit(2);
}
const client = {
  username: process.env.CANADAPOST_MOCK_USERNAME || 'local-canadapost-user',
  password: process.env.CANADAPOST_MOCK_PASSWORD || 'local-canadapost-password',
};

void startCanadaPostMock({ clients: [client], port }).then((mock) => {
  console.log(JSON.stringify({ url: mock.url, ...client }));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void mock.close().then(() => process.exit(0));
    });
  }
});
