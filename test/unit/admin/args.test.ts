/** The admin CLI's argument parsing and validation (no I/O). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ADMIN_USAGE, parseAdminCommand } from '../../../admin/cli';
import { optionLines } from '../../../admin/command';
import { carrierAccountAdd } from '../../../admin/commands/carrier-account-add';
import { knownScopes } from '../../../admin/commands/key-create';
import { AdminError, UsageError } from '../../../admin/errors';
import { readBoundedInput } from '../../../admin/io';
import { resolveAdminTarget, targetEnv } from '../../../admin/target';
import { parseIsoDate } from '../../../admin/values';
import { writeRuntimeFile } from '../../../local/runtime-files';
import { CARRIER_PROFILES } from '../../../shared/carriers/registry';

const parse = (line: string) => parseAdminCommand(line.split(' ').filter(Boolean));
const usageError = (line: string) => {
  try {
    parse(line);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`"${line}" was accepted`);
};

describe('parseAdminCommand', () => {
  it('company create with defaults: pricing group default, account billing, with a user', () => {
    expect(parse('company create --name Acme')).toEqual({
      kind: 'company-create',
      name: 'Acme',
      pricingGroupId: 'default',
      billing: 'account',
      withUser: true,
    });
  });

  it('company create with every option', () => {
    expect(parse('company create --name Acme --pricing-group parcel --billing prepaid --no-user')).toEqual({
      kind: 'company-create',
      name: 'Acme',
      pricingGroupId: 'parcel',
      billing: 'prepaid',
      withUser: false,
    });
  });

  it.each([
    ['company create', 'company create: --name is required'],
    ['company create --name A --pricing-group gold', 'company create: unknown pricing group "gold"; known: default, parcel'],
    ['company create --name A --billing card', 'company create: --billing must be account or prepaid, got "card"'],
    ['company create --name A --colour red', "company create: Unknown option '--colour'"],
    ['company create --name A stray', "company create: Unexpected argument 'stray'. This command does not take positional arguments"],
  ])('%s is refused', (line, message) => {
    expect(usageError(line)).toBe(message);
  });

  it('key create without scopes gives an empty list (every scope) and an active live key', () => {
    expect(parse('key create --company c1')).toEqual({ kind: 'key-create', companyId: 'c1', scopes: [], active: true, mode: 'live' });
  });

  it.each(['live', 'test'] as const)('key create --mode %s', (mode) => {
    expect(parse(`key create --company c1 --mode ${mode}`)).toEqual({ kind: 'key-create', companyId: 'c1', scopes: [], active: true, mode });
  });

  it('key create with scopes, expiry (normalized to UTC), integration type and --inactive', () => {
    expect(
      parse(
        'key create --company c1 --scopes shipments:rate,shipments:track,shipments:rate --expires-at 2030-01-31T10:00:00-05:00 --integration-type erp --inactive',
      ),
    ).toEqual({
      kind: 'key-create',
      companyId: 'c1',
      scopes: ['shipments:rate', 'shipments:track'],
      expiresAt: '2030-01-31T15:00:00.000Z',
      integrationType: 'erp',
      active: false,
      mode: 'live',
    });
  });

  it.each([
    ['key create', 'key create: --company is required'],
    ['key create --company c1 --scopes shipments:fly', `key create: unknown scope shipments:fly; known: ${knownScopes.join(', ')}`],
    ['key create --company c1 --scopes ,', 'key create: --scopes needs at least one scope; leave it out for a key with every scope'],
    ['key create --company c1 --mode sandbox', 'key create: --mode must be live or test, got "sandbox"'],
    ['key create --company c1 --mode TEST', 'key create: --mode must be live or test, got "TEST"'],
    ['key create --company c1 --mode', "key create: Option '--mode <value>' argument missing"],
    [
      'key create --company c1 --expires-at tomorrow',
      'key create: --expires-at must be an ISO 8601 date or date-time with zone (e.g. 2030-01-31T00:00:00Z), got "tomorrow"',
    ],
  ])('%s is refused', (line, message) => {
    expect(usageError(line)).toBe(message);
  });

  it('key revoke needs --key-id', () => {
    expect(parse('key revoke --key-id k1')).toEqual({ kind: 'key-revoke', keyId: 'k1' });
    expect(usageError('key revoke')).toBe('key revoke: --key-id is required');
  });

  it('box create parses numbers and flags', () => {
    expect(parse('box create --company c1 --name Case --length 40 --width 30.5 --height 1e1 --weight 2 --metric')).toEqual({
      kind: 'box-create',
      companyId: 'c1',
      name: 'Case',
      length: 40,
      width: 30.5,
      height: 10,
      weight: 2,
      isMetric: true,
    });
    expect(parse('box create --company c1 --name Case --length 1 --width 1 --height 1')).toEqual(expect.objectContaining({ isMetric: false }));
    expect(parse('box create --company c1 --name Case --length 1 --width 1 --height 1')).not.toHaveProperty('weight');
  });

  it.each([
    ['--length 0 --width 1 --height 1', '--length must be a positive number, got "0"'],
    ['--length 1 --width abc --height 1', '--width must be a positive number, got "abc"'],
    ['--length 1 --width 1 --height 12cm', '--height must be a positive number, got "12cm"'],
    ['--length 1 --width 1 --height Infinity', '--height must be a positive number, got "Infinity"'],
    ['--length 1 --width 1 --height 1 --weight 0', '--weight must be a positive number, got "0"'],
    ['--length 1 --width 1', '--height is required'],
  ])('box create %s is refused', (options, message) => {
    expect(usageError(`box create --company c1 --name Case ${options}`)).toBe(`box create: ${message}`);
  });

  it('blacklist add needs a company and an account number', () => {
    expect(parse('blacklist add --company c1 --account 998877')).toEqual({ kind: 'blacklist-add', companyId: 'c1', account: '998877' });
    expect(usageError('blacklist add --company c1')).toBe('blacklist add: --account is required');
    expect(usageError('blacklist add --company c1 --account a/b')).toBe('blacklist add: --account must be 1 to 64 letters, digits or dashes, got "a/b"');
  });

  it('seed and help take nothing else', () => {
    expect(parse('seed')).toEqual({ kind: 'seed' });
    expect(parse('help')).toEqual({ kind: 'help' });
    expect(usageError('seed --force')).toBe("seed: Unknown option '--force'");
  });

  it('help with a command asks for its options; an unknown command or more words are refused', () => {
    expect(parse('help company create')).toEqual({ kind: 'help', command: 'company create' });
    expect(parse('--help carrier-account add')).toEqual({ kind: 'help', command: 'carrier-account add' });
    expect(usageError('help company launch')).toBe('unknown command "company launch"; run `npm run -s admin -- help`');
    expect(usageError('help seed now')).toBe('help seed: takes nothing after the command');
  });

  it('a blank value of an optional option is refused as blank, not as a missing required option', () => {
    expect(parseAdminCommand.bind(null, ['company', 'create', '--name', 'Acme', '--pricing-group', ' '])).toThrow(
      new UsageError('company create: --pricing-group may not be blank; leave it out instead'),
    );
    expect(parseAdminCommand.bind(null, ['company', 'create', '--name', ' '])).toThrow(new UsageError('company create: --name is required'));
  });

  it('refuses no command and unknown commands', () => {
    expect(usageError('')).toBe('no command given; run `npm run -s admin -- help`');
    expect(usageError('shipment launch')).toBe('unknown command "shipment launch"; run `npm run -s admin -- help`');
  });
});

describe('carrier accounts and pricing plans', () => {
  const ID = '0b7a4c2e-1d3f-4a5b-8c6d-7e8f9a0b1c2d';
  /** The message of the UsageError `argv` raises (argv as given, for values with spaces or JSON). */
  const refusal = (argv: string[]): string => {
    try {
      parseAdminCommand(argv);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error(`${argv.join(' ')} was accepted`);
  };

  it('carrier-account add: carrier (any case), account number, optional name and credentials file', () => {
    expect(parse('carrier-account add --carrier carrierx --account-number 123-456')).toEqual({
      kind: 'carrier-account-add',
      carrierCode: 'CARRIERX',
      accountNumber: '123-456',
    });
    expect(
      parseAdminCommand([
        'carrier-account',
        'add',
        '--carrier',
        'CARRIERY',
        '--account-number',
        '9',
        '--name',
        'Main account',
        '--credentials-file',
        '/tmp/c.json',
      ]),
    ).toEqual({
      kind: 'carrier-account-add',
      carrierCode: 'CARRIERY',
      accountNumber: '9',
      name: 'Main account',
      credentialsFile: '/tmp/c.json',
    });
    expect(parse('manifest list --company c-1 --carrier canadapost')).toEqual({
      kind: 'manifest-list',
      companyId: 'c-1',
      mode: 'live',
      carrierCode: 'CANADAPOST',
    });
    expect(usageError('manifest list --company c-1 --carrier NOPE')).toMatch(/^manifest list: unknown carrier "NOPE"/);
    expect(parse('pickup list --company c-1 --carrier carrierx --mode test')).toEqual({
      kind: 'pickup-list',
      companyId: 'c-1',
      mode: 'test',
      carrierCode: 'CARRIERX',
    });
    expect(usageError('pickup list --carrier CARRIERX')).toMatch(/^pickup list: /);
    // Canada Post's customer number is the account number, under either name.
    expect(parse('carrier-account add --carrier CANADAPOST --customer-number 2004381')).toEqual({
      kind: 'carrier-account-add',
      carrierCode: 'CANADAPOST',
      accountNumber: '2004381',
    });
    expect(usageError('carrier-account add --carrier CANADAPOST --customer-number 1 --account-number 2')).toBe(
      'carrier-account add: give --account-number or --customer-number, not both',
    );
    // Canada Post's parcel services contract beside its customer number.
    expect(parse('carrier-account add --carrier canadapost --account-number 2004381 --contract-id 42708517')).toEqual({
      kind: 'carrier-account-add',
      carrierCode: 'CANADAPOST',
      accountNumber: '2004381',
      contractId: '42708517',
    });
  });

  it("carrier-account add takes each carrier's own name of the account number and its contract id from the carrier's profile", () => {
    const declared = CARRIER_PROFILES.filter((p) => p.account?.accountNumberLabel);
    expect(declared.map((p) => p.code)).toContain('CANADAPOST');
    for (const profile of declared) {
      const option = `--${profile.account!.accountNumberLabel!.replace(/ /g, '-')}`;
      expect(parse(`carrier-account add --carrier ${profile.code} ${option} 2004381`)).toEqual({
        kind: 'carrier-account-add',
        carrierCode: profile.code,
        accountNumber: '2004381',
      });
      expect(optionLines(carrierAccountAdd).join('\n')).toContain(`${option} N`);
    }
    for (const profile of CARRIER_PROFILES.filter((p) => !p.account?.contractId)) {
      expect(usageError(`carrier-account add --carrier ${profile.code} --account-number 2004381 --contract-id 42708517`)).toBe(
        `carrier-account add: --contract-id: a ${profile.code} account has no contract id`,
      );
    }
  });

  it.each([
    ['carrier-account add --account-number 1', 'carrier-account add: --carrier is required'],
    [
      'carrier-account add --carrier CARRIERQ --account-number 1',
      'carrier-account add: unknown carrier "CARRIERQ"; known: CANADAPOST, CARRIERF, CARRIERX, CARRIERY, CARRIERZ, FEDEX, UPS',
    ],
    ['carrier-account add --carrier CARRIERX', 'carrier-account add: --account-number is required'],
    [
      'carrier-account add --carrier CARRIERX --account-number a/b',
      'carrier-account add: --account-number must be 1 to 64 letters, digits or dashes, got "a/b"',
    ],
    [
      'carrier-account add --carrier CANADAPOST --account-number 1 --contract-id a/b',
      'carrier-account add: --contract-id must be 1 to 10 digits (a contract id such as 42708517), got "a/b"',
    ],
    // One digit too many, and letters: Canada Post refuses both at every rate, so the plan's rates would all vanish.
    [
      'carrier-account add --carrier CANADAPOST --customer-number 2004381 --contract-id 12345678901',
      'carrier-account add: --contract-id must be 1 to 10 digits (a contract id such as 42708517), got "12345678901"',
    ],
    [
      'carrier-account add --carrier CANADAPOST --customer-number 2004381 --contract-id abc',
      'carrier-account add: --contract-id must be 1 to 10 digits (a contract id such as 42708517), got "abc"',
    ],
    [
      'carrier-account add --carrier CANADAPOST --customer-number 2004381 --contract-id 4270-8517',
      'carrier-account add: --contract-id must be 1 to 10 digits (a contract id such as 42708517), got "4270-8517"',
    ],
    ['carrier-account remove --id 42', 'carrier-account remove: --id must be a carrier account id (UUID), got "42"'],
    ['carrier-account list --all', 'carrier-account list: unknown option --all'],
  ])('%s is refused', (line, message) => {
    expect(usageError(line)).toBe(message);
  });

  it.each([
    ['--credentials', '{"clientSecret":"hunter2-SECRET"}'],
    ['--credentials={"clientSecret":"hunter2-SECRET"}'],
    ['--client-secret', 'hunter2-SECRET'],
    ['--clientSecret=hunter2-SECRET'],
    ['--password', 'hunter2-SECRET'],
    ['--api-key', 'hunter2-SECRET'],
    ['--token', 'hunter2-SECRET'],
  ])('carrier-account add refuses credentials in an argument (%s) without echoing them', (...extra) => {
    const message = refusal(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', ...extra]);
    expect(message).toMatch(
      /^carrier-account add: credentials are never taken from an argument \(--[A-Za-z-]+\).*--credentials-file FILE, or pipe the JSON on stdin/,
    );
    expect(message).not.toContain('hunter2');
  });

  it('carrier-account add never echoes a stray argument or an unknown option value (it may be a credential)', () => {
    const stray = refusal(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', 'hunter2-SECRET']);
    expect(stray).toBe(
      'carrier-account add: unexpected argument #5 after "carrier-account add" (not shown: it could be a credential); this command takes options only',
    );
    const unknown = refusal(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', '--clientid=hunter2-SECRET']);
    expect(unknown).toBe('carrier-account add: unknown option --clientid');
  });

  it.each(['1', '42708517', '0042708517'])('carrier-account add takes the contract id %s (1 to 10 digits)', (contractId) => {
    expect(parse(`carrier-account add --carrier CANADAPOST --customer-number 2004381 --contract-id ${contractId}`)).toMatchObject({ contractId });
  });

  it('carrier-account list and remove', () => {
    expect(parse('carrier-account list')).toEqual({ kind: 'carrier-account-list' });
    expect(parse(`carrier-account remove --id ${ID.toUpperCase()}`)).toEqual({ kind: 'carrier-account-remove', carrierAccountId: ID });
  });

  it('pricing-group set-plan: only group and carrier are required; what is not given is absent (kept by the plan)', () => {
    expect(parse('pricing-group set-plan --group default --carrier carrierz')).toEqual({
      kind: 'pricing-group-set-plan',
      pricingGroupId: 'default',
      carrierCode: 'CARRIERZ',
    });
  });

  it('pricing-group set-plan with every option: percentages to basis points, services upper-cased and deduplicated', () => {
    expect(
      parse(
        `pricing-group set-plan --group parcel --carrier CARRIERX --carrier-account ${ID} --markup-percent 12.5 --account-discount-percent 35 --services carrierx_ground,CARRIERX_2_DAY,carrierx_ground`,
      ),
    ).toEqual({
      kind: 'pricing-group-set-plan',
      pricingGroupId: 'parcel',
      carrierCode: 'CARRIERX',
      carrierAccountId: ID,
      markupBp: 1250,
      accountDiscountBp: 3500,
      services: ['CARRIERX_GROUND', 'CARRIERX_2_DAY'],
    });
  });

  it('pricing-group set-plan: "none" detaches the account, "all" offers every service', () => {
    expect(parse('pricing-group set-plan --group default --carrier CARRIERX --carrier-account none --services all')).toMatchObject({
      carrierAccountId: null,
      services: [],
    });
  });

  it.each([
    ['pricing-group set-plan --carrier CARRIERX', 'pricing-group set-plan: --group is required'],
    [
      'pricing-group set-plan --group Default! --carrier CARRIERX',
      'pricing-group set-plan: --group must be a pricing group id (lowercase letters, digits, dashes), got "Default!"',
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --carrier-account acct-1',
      'pricing-group set-plan: --carrier-account must be a carrier account id (UUID), got "acct-1"',
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --markup-percent -5',
      "pricing-group set-plan: Option '--markup-percent' argument is ambiguous. Did you forget to specify the option argument for '--markup-percent'? To specify an option argument starting with a dash use '--markup-percent=-XYZ'.",
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --markup-percent=-5',
      'pricing-group set-plan: --markup-percent must be a percentage from 0 to 1000 with at most two decimals, got "-5"',
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --markup-percent 12.345',
      'pricing-group set-plan: --markup-percent must be a percentage from 0 to 1000 with at most two decimals, got "12.345"',
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --markup-percent 1000.01',
      'pricing-group set-plan: --markup-percent must be a percentage from 0 to 1000, got "1000.01"',
    ],
    [
      'pricing-group set-plan --group default --carrier CARRIERX --account-discount-percent 101',
      'pricing-group set-plan: --account-discount-percent must be a percentage from 0 to 100, got "101"',
    ],
    ['pricing-group set-plan --group default --carrier CARRIERX --services ,', 'pricing-group set-plan: --services needs at least one service code, or "all"'],
  ])('%s is refused', (line, message) => {
    expect(usageError(line)).toBe(message);
  });

  it('the help names every new command and how credentials are given', () => {
    expect(ADMIN_USAGE).toContain(
      'carrier-account add --carrier CANADAPOST|CARRIERF|CARRIERX|CARRIERY|CARRIERZ|FEDEX|UPS --account-number N [--contract-id C] [--name N] [--credentials-file F]',
    );
    expect(ADMIN_USAGE).toContain('carrier-account list');
    expect(ADMIN_USAGE).toContain('carrier-account remove --id ID');
    expect(ADMIN_USAGE).toContain('pricing-group set-plan --group G --carrier CODE');
    expect(ADMIN_USAGE).toContain('customer = account price x (1 + P/100), capped at the list price');
  });
});

describe('readBoundedInput', () => {
  it('reads a piped stream to its end', async () => {
    await expect(readBoundedInput(Readable.from([Buffer.from('{"a":'), Buffer.from('"b"}')]), 100, 'x')).resolves.toEqual(Buffer.from('{"a":"b"}'));
  });

  it('refuses more than the limit', async () => {
    await expect(readBoundedInput(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100, 'carrier-account add')).rejects.toThrow(
      new UsageError('carrier-account add: more than 100 bytes on stdin; credentials must be at most 100 bytes of JSON'),
    );
  });

  it('refuses a terminal, where a typed credential would show', async () => {
    const tty = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readBoundedInput(tty, 100, 'carrier-account add')).rejects.toThrow(/stdin is a terminal\. Pipe the credentials JSON in/);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2030-01-31', '2030-01-31T00:00:00.000Z'],
    ['2030-01-31T10:20Z', '2030-01-31T10:20:00.000Z'],
    ['2030-01-31T10:20:30.5+01:00', '2030-01-31T09:20:30.500Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('%s is %s', (raw, iso) => {
    expect(parseIsoDate(raw)).toBe(iso);
  });

  it.each(['2030-02-30', '2025-02-29T00:00:00Z', '2030-13-01', '2030-01-31T24:00:00Z', '2030-01-31T10:00:00', '31/01/2030', 'now'])('%s is refused', (raw) => {
    expect(parseIsoDate(raw)).toBeUndefined();
  });
});

describe('resolveAdminTarget', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-target-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const runtime = (pid: number) => ({
    pid,
    startedAt: '2030-01-01T00:00:00.000Z',
    apiUrl: 'http://127.0.0.1:3000/v1',
    port: 3000,
    region: 'us-east-1',
    tableName: 'shipping-local',
    bucketName: 'shipping-labels-local',
    dynamodb: { endpoint: 'http://127.0.0.1:8001', pid },
    s3: { endpoint: 'http://127.0.0.1:8002' },
  });

  it('a running local stack wins over TABLE_NAME, and its env points the SDK at the emulators', () => {
    writeRuntimeFile(dataDir, runtime(process.pid));
    const target = resolveAdminTarget({ DATA_DIR: dataDir, TABLE_NAME: 'prod-table' });
    expect(target).toEqual({ kind: 'local', dataDir, runtime: runtime(process.pid) });
    expect(targetEnv(target)).toEqual({
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SESSION_TOKEN: undefined,
      AWS_PROFILE: undefined,
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8001',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:8002',
      TABLE_NAME: 'shipping-local',
      BUCKET_NAME: 'shipping-labels-local',
      // Carrier-account credentials are files of that stack's DATA_DIR, never Secrets Manager.
      CARRIER_SECRETS_DIR: path.join(dataDir, 'secrets', 'carrier-accounts'),
      CARRIER_SECRET_PREFIX: undefined,
    });
  });

  it('without runtime.json, the stage of TABLE_NAME and BUCKET_NAME, with the environment as it is', () => {
    const target = resolveAdminTarget({ DATA_DIR: dataDir, TABLE_NAME: 'shipping-dev', BUCKET_NAME: 'labels-dev' });
    expect(target).toEqual({ kind: 'stage', tableName: 'shipping-dev', bucketName: 'labels-dev' });
    // Credentials go to Secrets Manager (CARRIER_SECRET_PREFIX, as the operator set it), never to a local directory.
    expect(targetEnv(target)).toEqual({ CARRIER_SECRETS_DIR: undefined });
  });

  it('neither: a clear error naming both ways', () => {
    expect(() => resolveAdminTarget({ DATA_DIR: dataDir })).toThrow(AdminError);
    expect(() => resolveAdminTarget({ DATA_DIR: dataDir })).toThrow(/runtime\.json does not exist\) and TABLE_NAME is not set/);
  });

  it('DATA_DIR defaults to .data in the working directory', () => {
    expect(() => resolveAdminTarget({}, dataDir)).toThrow(path.join(dataDir, '.data', 'runtime.json'));
  });
});

describe('admin values hold no control, bidirectional or invisible characters', () => {
  const ID = '0b7a4c2e-1d3f-4a5b-8c6d-7e8f9a0b1c2d';
  const ORDER = '5d0c5e7e-3f1a-4b8e-9a57-2f1c3d4e5f60';
  /** One valid command line per command, every string option given (argv as the shell passes it). */
  const COMMANDS: Array<[string, string[], Record<string, string>]> = [
    ['company create', [], { name: 'Acme', 'pricing-group': 'default', billing: 'account' }],
    ['key create', ['--inactive'], { company: 'c1', scopes: 'shipments:rate', 'expires-at': '2030-01-31', 'integration-type': 'erp', mode: 'live' }],
    ['key revoke', [], { 'key-id': 'k1' }],
    ['box create', ['--metric'], { company: 'c1', name: 'Case', length: '1', width: '1', height: '1', weight: '1' }],
    ['blacklist add', [], { company: 'c1', account: '998877' }],
    ['manifest list', [], { company: 'c1', carrier: 'CARRIERX', mode: 'live' }],
    ['pickup list', [], { company: 'c1', carrier: 'CARRIERX', mode: 'live' }],
    ['batch list', [], { company: 'c1' }],
    ['shipment audit', [], { order: ORDER }],
    ['shipment advance', [], { order: ORDER, status: 'delivered' }],
    [
      'carrier-account add',
      [],
      { carrier: 'CANADAPOST', 'account-number': '2004381', 'contract-id': '42708517', name: 'Main', 'credentials-file': '/tmp/c.json' },
    ],
    ['carrier-account remove', [], { id: ID }],
    ['carrier-account push-credentials', ['--rotate'], { id: ID }],
    [
      'pricing-group set-plan',
      [],
      { group: 'default', carrier: 'CARRIERX', 'carrier-account': ID, 'markup-percent': '10', 'account-discount-percent': '5', services: 'all' },
    ],
  ];
  const argvOf = (command: string, flags: string[], options: Record<string, string>) => [
    ...command.split(' '),
    ...flags,
    ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]),
  ];

  it('every command line of the table is accepted as it stands', () => {
    for (const [command, flags, options] of COMMANDS) expect(() => parseAdminCommand(argvOf(command, flags, options))).not.toThrow();
  });

  // C0 and C1 controls and DEL (ESC starts an ANSI sequence, a newline forges a line), the bidirectional
  // marks, embeddings, overrides and isolates (U+202E shows a name reversed), the zero-width characters
  // and the line and paragraph separators.
  const UNSAFE = [
    '\u0000',
    '\u0007',
    '\t',
    '\n',
    '\r',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009b',
    '\u061c',
    '\u200b',
    '\u200c',
    '\u200d',
    '\u200e',
    '\u200f',
    '\u2028',
    '\u2029',
    '\u202a',
    '\u202e',
    '\u2060',
    '\u2066',
    '\u2069',
    '\ufeff',
  ];
  const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

  it.each(UNSAFE.map((c) => [codePoint(c), c]))('%s in any option of any command is refused, naming the option and never the value', (point, c) => {
    for (const [command, flags, options] of COMMANDS) {
      for (const name of Object.keys(options)) {
        const value = `${options[name]!.slice(0, 1)}${c}${options[name]!.slice(1)}`;
        let message = '';
        try {
          parseAdminCommand(argvOf(command, flags, { ...options, [name]: value }));
        } catch (e) {
          expect(e).toBeInstanceOf(UsageError);
          message = (e as Error).message;
        }
        expect(message).toBe(`${command}: --${name} may not hold control, bidirectional or invisible characters; it holds ${point} at character 2`);
      }
    }
  });

  it('an ANSI escape, a newline or U+202E in --name of company create, box create and carrier-account add', () => {
    expect(refused(['company', 'create', '--name', '\u001b[2J\u001b[31mAcme'])).toBe(
      'company create: --name may not hold control, bidirectional or invisible characters; it holds U+001B at character 1',
    );
    expect(refused(['box', 'create', '--company', 'c1', '--name', 'Case\nERROR: forged', '--length', '1', '--width', '1', '--height', '1'])).toBe(
      'box create: --name may not hold control, bidirectional or invisible characters; it holds U+000A at character 5',
    );
    expect(refused(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', '--name=Main \u202Etnuocca'])).toBe(
      'carrier-account add: --name may not hold control, bidirectional or invisible characters; it holds U+202E at character 6',
    );
  });

  it('a stray argument, an unknown option or a command word with one is refused without being shown', () => {
    expect(refused(['company', 'create', '--name', 'Acme', 'x\u001b[2J'])).toBe(
      'company create: argument #3 after "company create" may not hold control, bidirectional or invisible characters; it holds U+001B at character 2',
    );
    expect(refused(['carrier-account', 'add', '--carrier', 'CARRIERX', '--account-number', '1', '--na\u202Eme=x'])).toBe(
      'carrier-account add: argument #5 after "carrier-account add" may not hold control, bidirectional or invisible characters; it holds U+202E at character 5',
    );
    expect(refused(['company\u001b[2J', 'create'])).toBe(
      'the command may not hold control, bidirectional or invisible characters; it holds U+001B at character 8',
    );
  });

  it('printable text stays as given: accents, other scripts, emoji, a no-break space', () => {
    for (const name of ['Café Müller & Fils', 'شركة الشحن', '東京配送', 'Acme 🚚', 'Acme\u00a0Inc']) {
      expect(parseAdminCommand(['company', 'create', '--name', name])).toMatchObject({ name });
    }
  });

  function refused(argv: string[]): string {
    try {
      parseAdminCommand(argv);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error(`${JSON.stringify(argv)} was accepted`);
  }
});
