/**
 * A local UPS for `npm start` (docs/ups.md, "A local UPS"): starts the UPS
 * mock server (./mock-server.ts) and prints its URLs and the client id and
 * secret it accepts, as one JSON line. It stops on SIGINT, SIGTERM or SIGHUP.
 *
 *   npx tsx local/ups/mock.ts [--port N]
 *
 * UPS_MOCK_CLIENT_ID / UPS_MOCK_CLIENT_SECRET set the accepted credentials
 * (defaults below: demo values, never a real UPS secret).
 *
 * Push mode (./push-mode.ts), on when UPS_MOCK_PUSH_CLIENT_ID and
 * UPS_MOCK_PUSH_CLIENT_SECRET are set (the pair `admin carrier-account
 * push-credentials` printed): every UPS_MOCK_PUSH_EVERY_SECONDS (20) each
 * subscribed package moves one step and its new events are pushed to the API
 * at UPS_MOCK_PUSH_API_URL (http://127.0.0.1:3000), through UPS's generic push
 * routes (`/v1/carriers/ups/push/token` and `/events`), as UPS Track Alert does.
 */
import { parseArgs } from 'node:util';
import { carrierPushPaths } from '../../shared/functions';
import { startUpsMock } from './mock-server';
import { startPushMode } from './push-mode';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const client = { clientId: process.env.UPS_MOCK_CLIENT_ID || 'local-ups-client', clientSecret: process.env.UPS_MOCK_CLIENT_SECRET || 'local-ups-secret' };

const pushClient = { clientId: process.env.UPS_MOCK_PUSH_CLIENT_ID ?? '', clientSecret: process.env.UPS_MOCK_PUSH_CLIENT_SECRET ?? '' };
const pushApiUrl = (process.env.UPS_MOCK_PUSH_API_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '').replace(/\/v1$/, '');
const pushEverySeconds = Number(process.env.UPS_MOCK_PUSH_EVERY_SECONDS || 20);
if (!(pushEverySeconds >= 1)) {
  console.error(`UPS_MOCK_PUSH_EVERY_SECONDS must be at least 1, got "${process.env.UPS_MOCK_PUSH_EVERY_SECONDS}"`);
  process.exit(2);
}

void startUpsMock({ clients: [client], port }).then((mock) => {
  const pushing = pushClient.clientId !== '' && pushClient.clientSecret !== '';
  const paths = carrierPushPaths('UPS');
  const push = pushing
    ? startPushMode(
        mock.simulator,
        { url: `${pushApiUrl}${paths.events}`, tokenUrl: `${pushApiUrl}${paths.token}`, ...pushClient },
        {
          everyMs: pushEverySeconds * 1000,
          onFailure: (trackingNumber, reason) => console.error(`Track Alert push of ${trackingNumber} failed: ${reason}`),
        },
      )
    : undefined;
  // The push secret is the API's: never printed.
  console.log(
    JSON.stringify({
      url: mock.url,
      apiUrl: mock.apiUrl,
      ...client,
      push: pushing ? { eventUrl: `${pushApiUrl}${paths.events}`, everySeconds: pushEverySeconds } : false,
    }),
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      push?.stop();
      void mock.close().then(() => process.exit(0));
    });
  }
});
