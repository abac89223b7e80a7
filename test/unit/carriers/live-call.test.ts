/**
 * The shared live-client layer keeps credentials out of what a carrier says
 * (shared/carriers/live-call.ts, docs/decisions.md "No credential in a
 * carrier's text"): what a call sent, in every form a carrier may echo it
 * in, whole or cut short, leaves no error, answer or log line; an account
 * that cannot be used is named as the operator's to fix, its id in the log
 * only. The last part binds a connector of the next carrier's kind (OAuth
 * client credentials with a child key and secret) with `bindConnector`
 * (shared/carriers/connector.ts), as any live carrier added later is bound.
 */
import { isAccountNotConfigured } from '../../../shared/carriers/accounts';
import { bindConnector, defineLiveConnector, type TransportFor } from '../../../shared/carriers/connector';
import { LiveCall, REDACTED } from '../../../shared/carriers/live-call';
import { defineProfile } from '../../../shared/carriers/profile';
import { CarrierAccountUnusable, CarrierError, type CarrierAccount, type CarrierTracking, type ShipmentRef } from '../../../shared/domain/carrier';
import { captureOutput } from '../../support/output';

// Before the logger is first created: the lines are captured to show what they keep.
process.env.LOG_LEVEL = 'INFO';

const USER = 'cp-api-user-4f1e9a';
const PASSWORD = 'Pa55 w0rd&"odd"/+chars';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const ACCOUNT_ID = '2606ece7-5b1c-4a4e-9d51-0c1f7a2b3c4d';

/** Every form of the pair a carrier may echo: the header value and its decoded pair, each part raw and encoded. */
const FORMS = [
  `Basic ${BASIC}`,
  BASIC,
  Buffer.from(`${USER}:${PASSWORD}`).toString('base64url'),
  `${USER}:${PASSWORD}`,
  USER,
  PASSWORD,
  encodeURIComponent(PASSWORD),
  new URLSearchParams({ p: PASSWORD }).toString().slice(2),
  JSON.stringify(PASSWORD).slice(1, -1),
  PASSWORD.replace(/&/g, '&amp;').replace(/"/g, '&quot;'),
  Buffer.from(PASSWORD).toString('base64'),
  USER.toUpperCase(),
];

const basicCall = () => {
  const call = new LiveCall('CANADAPOST', ACCOUNT_ID);
  expect(call.basic(USER, PASSWORD)).toBe(`Basic ${BASIC}`);
  return call;
};

describe('a call scrubs what it sent from any text', () => {
  it.each(FORMS.map((form) => [form]))('an echo of %s', (form) => {
    const scrubbed = basicCall().scrub(`9999: the request with auth ${form} was refused`);
    expect(scrubbed).toBe(`9999: the request with auth ${form.startsWith('Basic ') ? 'Basic ' : ''}${REDACTED} was refused`);
  });

  it('an echo cut short, whatever stands around it: every run of 8 characters or more of a form', () => {
    const call = basicCall();
    expect(call.scrub(`auth was Basic ${BASIC.slice(0, 12)}…`)).toBe(`auth was Basic ${REDACTED}…`);
    expect(call.scrub(`x=${BASIC.slice(5, 17)}&y=1`)).toBe(`x=${REDACTED}&y=1`);
    expect(call.scrub(`user ${USER.slice(0, 9)} unknown`)).toBe(`user ${REDACTED} unknown`);
    // Shorter than 8 characters of a form: no longer a credential, and common words stay words.
    expect(call.scrub(`auth was Basic ${BASIC.slice(0, 7)}`)).toBe(`auth was Basic ${BASIC.slice(0, 7)}`);
  });

  it('the userinfo of any URL, and nothing else of the carrier’s words', () => {
    const call = basicCall();
    expect(call.scrub('label at https://someone:else@ct.soa-gw.canadapost.ca/rs/artifact/1/0 (ftp://x@y/z)')).toBe(
      `label at https://${REDACTED}@ct.soa-gw.canadapost.ca/rs/artifact/1/0 (ftp://${REDACTED}@y/z)`,
    );
    const words = '8064: A shipment can only be void once it has not been transmitted; see https://www.canadapost.ca/info (e-mail help@canadapost.ca)';
    expect(call.scrub(words)).toBe(words);
  });

  it('a token, and every credential value the account gave the call, sent or not', async () => {
    const call = new LiveCall('UPS', ACCOUNT_ID);
    const token = 'eyJraWQiOiJ0b2tlbi0xIn0.c2lnbmVk.dG9rZW4tYm9keQ';
    expect(call.bearer(token)).toBe(`Bearer ${token}`);
    const account = call.account({
      carrierAccountId: ACCOUNT_ID,
      carrierCode: 'UPS',
      accountNumber: 'A1B2C3',
      credentials: async () => ({ clientId: 'ups-client-id-77', clientSecret: 'ups-client-secret-88', note: 'refunds@shipper.example' }),
    });
    await account.credentials();
    expect(call.scrub(`Authorization: Bearer ${token}; client ups-client-id-77 secret ups-client-secret-88 (refunds@shipper.example)`)).toBe(
      `Authorization: Bearer ${REDACTED}; client ${REDACTED} secret ${REDACTED} (${REDACTED})`,
    );
  });

  it('sends no credential shorter than 8 characters: the account is unusable, named as the operator’s to fix, its id in the log only', () => {
    const lines: string[] = [];
    const restore = captureOutput(lines);
    let error: unknown;
    try {
      error = (() => {
        try {
          return new LiveCall('CANADAPOST', ACCOUNT_ID).basic(USER, 'hunter2');
        } catch (e) {
          return e;
        }
      })();
    } finally {
      restore();
    }
    expect(error).toBeInstanceOf(CarrierAccountUnusable);
    expect((error as Error).message).toBe(
      'a credential of the CANADAPOST carrier account is shorter than 8 characters, too short to keep out of answers and logs; the operator must fix the carrier account',
    );
    expect((error as Error).message).not.toContain(ACCOUNT_ID);
    expect(isAccountNotConfigured(error)).toBe(true);
    expect(lines.join('')).toContain('carrier account unusable');
    expect(lines.join('')).toContain(ACCOUNT_ID);
    expect(lines.join('')).not.toContain('hunter2');
  });

  it('an account refused after a request of the call may have acted is no longer "nothing done": a CarrierError of the same words', () => {
    const lines: string[] = [];
    const restore = captureOutput(lines);
    try {
      const before = basicCall();
      expect(before.unusable('refused (HTTP 401)')).toBeInstanceOf(CarrierAccountUnusable);
      const after = basicCall();
      after.mayHaveActed();
      const error = after.unusable(`refused (HTTP 401: you sent ${BASIC})`);
      expect(error).not.toBeInstanceOf(CarrierAccountUnusable);
      expect(error).toBeInstanceOf(CarrierError);
      expect(isAccountNotConfigured(error)).toBe(false);
      expect(error.message).toBe(`refused (HTTP 401: you sent ${REDACTED}); the operator must fix the carrier account`);
    } finally {
      restore();
    }
    expect(lines.join('')).not.toContain(BASIC);
  });
});

describe('through the layer: the next carrier (OAuth client credentials, a child key and secret) gets it by being bound', () => {
  const CREDENTIALS = {
    clientId: 'next-client-id-0a1b',
    clientSecret: 'next-client-secret-2c3d',
    childKey: 'next-child-key-4e5f',
    childSecret: 'next-child-secret-6a7b',
  };
  const TOKEN = 'next-bearer-token-8c9d0e1f';
  const account = (credentials: Record<string, string> = CREDENTIALS): CarrierAccount => ({
    carrierAccountId: ACCOUNT_ID,
    carrierCode: 'NEXT',
    accountNumber: '510087',
    credentials: async () => credentials,
  });
  const secretForms = [
    ...Object.values(CREDENTIALS),
    TOKEN,
    new URLSearchParams({ grant_type: 'client_credentials', client_id: CREDENTIALS.clientId, client_secret: CREDENTIALS.clientSecret }).toString(),
    Buffer.from(CREDENTIALS.childSecret).toString('base64'),
  ];
  const ref: ShipmentRef = { reference: 'ref-1', trackingNumber: '794600000001' };
  const noTransport: TransportFor = async () => {
    throw new Error('a live connector has no transport');
  };

  /** What the next carrier's client does: reads the credentials, sends them in a form body for a token, then the token. */
  type Client = { form: string; authorization: string };
  const next = defineLiveConnector<unknown, Client>({
    buildRateRequest: () => ({}),
    client: async (options, call) => {
      const { clientId, clientSecret, childKey, childSecret } = await options.account!.credentials();
      call.sends(clientId!, clientSecret!, childKey!, childSecret!);
      return {
        form: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId!, client_secret: clientSecret! }).toString(),
        authorization: call.bearer(TOKEN),
      };
    },
    rate: async () => [],
    ship: async () => {
      throw new Error('not used');
    },
    // The carrier's tracking answer quotes what it was sent, in an event's words.
    track: async (_shipment, client): Promise<CarrierTracking> => ({
      trackingNumber: ref.trackingNumber,
      transitStatus: 'intransit',
      events: [
        {
          date: '2026-11-27',
          time: '10:00:00',
          description: `seen with ${client.authorization} and child ${CREDENTIALS.childSecret}`,
          location: { city: 'Ottawa' },
        } as never,
      ],
    }),
    // Its error document quotes the token request's form and the child secret in base64.
    cancel: async (_shipment, client) => {
      throw new CarrierError(
        'NEXT',
        `NEXT could not void: ${client.form} / ${Buffer.from(CREDENTIALS.childSecret).toString('base64')} / https://${CREDENTIALS.clientId}:x@api.next.example/void`,
      );
    },
  });
  const profile = defineProfile({
    code: 'NEXT',
    kind: 'parcel',
    network: 'live',
    reference: { carrier: { code: 'NEXT' }, services: [], packaging: [] } as never,
    account: { credentialFields: ['clientId', 'clientSecret'] },
    capabilities: {},
    load: async () => next,
  });
  const signal = () => AbortSignal.timeout(5_000);

  it("an error document quoting the token request's form, a secret in base64 and a URL's userinfo: its message and stack hold none", async () => {
    const error = (await bindConnector(profile, next, noTransport)
      .cancel(ref, { signal: signal(), mode: 'test', account: account() })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CarrierError);
    expect(error.message).toBe(
      `NEXT could not void: grant_type=client_credentials&client_id=${REDACTED}&client_secret=${REDACTED} / ${REDACTED} / https://${REDACTED}@api.next.example/void`,
    );
    for (const form of secretForms) expect(error.stack).not.toContain(form);
  });

  it('an answer quoting the token and a secret: every string of it scrubbed, the rest as the connector said', async () => {
    const tracking = await bindConnector(profile, next, noTransport).track(ref, { signal: signal(), mode: 'test', account: account() });
    expect(tracking).toMatchObject({
      trackingNumber: ref.trackingNumber,
      transitStatus: 'intransit',
      events: [{ description: `seen with Bearer ${REDACTED} and child ${REDACTED}`, location: { city: 'Ottawa' } }],
    });
  });

  it('a credential too short to keep out of texts: nothing is asked of the carrier, and the account is the operator’s to fix', async () => {
    const lines: string[] = [];
    const restore = captureOutput(lines);
    let error: unknown;
    try {
      error = await bindConnector(profile, next, noTransport)
        .track(ref, { signal: signal(), mode: 'test', account: account({ ...CREDENTIALS, childSecret: 'abc123' }) })
        .catch((e: unknown) => e);
    } finally {
      restore();
    }
    expect(error).toBeInstanceOf(CarrierAccountUnusable);
    expect(isAccountNotConfigured(error)).toBe(true);
    expect((error as Error).message).not.toContain(ACCOUNT_ID);
    expect(lines.join('')).toContain(ACCOUNT_ID);
    for (const form of [...secretForms, 'abc123']) expect(lines.join('')).not.toContain(form);
  });
});
