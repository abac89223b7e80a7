/**
 * The admin CLI's commands (docs/configuration.md): argument parsing and validation
 * (pure), the choice of target (a running `npm start` or a deployed stage)
 * and the execution through the store repositories. bin/admin.ts is the thin
 * entry point; tests call these functions directly.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Scope } from '../shared/functions';
import { isUuid } from '../shared/domain/ids';
import { echoed } from '../shared/domain/text-clipping';
import { describeSandboxCarriers } from '../shared/domain/sandbox-carriers';
import { customerDiscountForMarkup } from '../shared/domain/rate/pricing';
import { keyModeSchema, type KeyMode, type PricingPlan } from '../shared/domain/entities';
import { carriers } from '../shared/reference/carriers';
import { InvalidCredentials, MAX_CREDENTIALS_BYTES, parseCredentials, type Credentials } from '../shared/secrets';
import { operatorStatuses, type OperatorStatus } from '../shared/domain/tracking';
import { listOutbox } from '../shared/notify/outbox';
import { pricingGroups, pricingPlans, sandboxAccountNumber } from '../shared/reference/pricing-groups';
import { runtimeAwsEnv } from './env';
import { dataPaths, isProcessAlive, readRuntimeFile, resolveDataDir, type RuntimeFile } from './runtime-files';

/** Bad arguments: the CLI prints the message and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** No usable target, or the target refused the command: the CLI prints the message and exits 1. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

/** Every scope of the manifest; the Record makes the compiler flag a scope added there and missing here. */
const SCOPES: Record<Scope, true> = {
  'shipments:rate': true,
  'shipments:create': true,
  'shipments:labels': true,
  'shipments:track': true,
  'shipments:cancel': true,
  'shipments:manifest': true,
  'webhooks:manage': true,
};
export const knownScopes = Object.keys(SCOPES) as Scope[];

export const ADMIN_USAGE = `Usage: npm run -s admin -- <command> [options]

Commands (JSON on stdout; a message on stderr and a non-zero exit on failure; no value may hold
control, bidirectional or invisible characters):
  company create --name N [--pricing-group ${pricingGroups.map((g) => g.id).join('|')}] [--billing account|prepaid] [--no-user]
      -> {"companyId"}
  key create --company ID [--scopes a,b] [--expires-at ISO-8601] [--integration-type T] [--inactive] [--mode live|test]
      -> {"keyId","apiKey"}   (no --scopes: empty scopes, every scope allowed; --mode test: a test key,
         with the test prefix, whose rates and orders are test ones; live by default)
  key revoke --key-id ID
      -> {"keyId","active":false}
  box create --company ID --name N --length L --width W --height H [--weight X] [--metric]
      -> {"id"}
  blacklist add --company ID --account NUMBER
      -> {"companyId","account"}
  seed
      -> {"items":N}   (loads the reference data; idempotent. Its plans quote the sandbox
         carriers, which answer only the keys SANDBOX_CARRIERS allows: prod test keys only)
  shipment advance --order ID --status ${operatorStatuses.join('|')}
      -> {"orderId","transitStatus"}   (sandbox: moves the order on as a carrier update would,
         so the status e-mails and webhooks follow)
  shipment audit --order ID
      -> {"orderId","audit":[{"at","action","carrierCode","trackingNumber","detail"}],"reconciling":[{"kind","dueAt","round"}]}
         (what the reconciler did to the order's shipments: orphans voided or adopted, voids confirmed
         or refused, oldest first; and its carrier calls of unknown outcome still being reconciled)
  manifest list --company ID [--carrier CODE] [--mode live|test]
      -> [{"manifestId","carrierCode","accountNumber","shipDate","status","orders",...}]   (the company's
         end-of-day manifests of that mode, newest ship date first: docs/manifests.md)
  outbox list
      -> [{"to","subject","orderId","status","sentAt"}]   (local only: the status e-mails
         the local stack wrote to DATA_DIR/outbox instead of sending them, oldest first)
  carrier-account add --carrier ${carriers.map((c) => c.code).join('|')} --account-number N [--contract-id C] [--name N] [--credentials-file F]
      (Canada Post: --customer-number N is the same as --account-number; --contract-id for a contract account)
      -> {"carrierAccountId"}   The credentials, a JSON object of strings (at most ${MAX_CREDENTIALS_BYTES / 1024} KiB),
         come from the file F or, without --credentials-file, from stdin (piped, never typed
         at a terminal); never from an argument. Stored in a secret store, never in the table:
         locally DATA_DIR/secrets/carrier-accounts/<id>.json (0600), on a stage the Secrets
         Manager secret <CARRIER_SECRET_PREFIX>/<id>.
  carrier-account list
      -> [{"carrierAccountId","carrierCode","accountNumber","name","credentialsRef","createdDate","usedBy"}]
         (where the credentials live, never what they are; usedBy: the pricing groups whose plan names it)
  carrier-account push-credentials --id ID [--rotate]
      -> {"carrierAccountId","clientId","clientSecret","tokenPath","eventPath"}   The client id and
         secret a carrier that pushes tracking (UPS Track Alert) uses to reach this API: enter
         them, with <ApiUrl> + the paths (v1/carriers/<carrier>/push/token and /events), in the
         carrier's portal (UPS: "Manage Webhook Credentials"). The secret is shown this once and
         stored like the account's credentials; --rotate replaces existing ones (the old pair
         stops working at once).
  carrier-account remove --id ID
      -> {"carrierAccountId","removed":true}   (deletes every secret of it too: credentials and
         push credentials; refused while a pricing plan names it, or while orders bought under it
         are not delivered or cancelled: it says how many. Wait REFERENCE_CACHE_SECONDS after
         moving its plans)
  pricing-group set-plan --group G --carrier CODE [--carrier-account ID|none] [--markup-percent P]
                         [--account-discount-percent D] [--services a,b|all]
      -> the plan   Creates or updates the plan of group G for carrier CODE. Prices:
         account = list price - D% (the negotiated price; kept when not given, 0 for a new plan),
         customer = account price x (1 + P/100), capped at the list price (kept when not given;
         a new plan without P sells at the list price). --carrier-account names the account
         the carrier's calls use (kept when not given; "none" for the plan's own sandbox
         account); a live carrier needs one. --services: the service codes offered ("all":
         every enabled service). Functions see the change within REFERENCE_CACHE_SECONDS.
         A plan of a sandbox carrier (${carriers.filter((c) => c.network === 'sandbox').map((c) => c.code).join(', ')}) quotes only for the
         keys SANDBOX_CARRIERS allows (prod: test keys only; a note on stderr says so).
  help

Scopes: ${knownScopes.join(', ')}

Target: when DATA_DIR/runtime.json exists (npm start is running with that DATA_DIR,
default .data/), the command acts on that local stack. Otherwise it acts on the
deployed stage named by TABLE_NAME (and BUCKET_NAME) with the usual AWS
credentials and region (AWS_PROFILE, AWS_REGION, ...); carrier-account add then needs
CARRIER_SECRET_PREFIX, the stack output of that name.`;

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'company-create'; name: string; pricingGroupId: string; billing: 'account' | 'prepaid'; withUser: boolean }
  | { kind: 'key-create'; companyId: string; scopes: Scope[]; expiresAt?: string; integrationType?: string; active: boolean; mode: KeyMode }
  | { kind: 'key-revoke'; keyId: string }
  | { kind: 'box-create'; companyId: string; name: string; length: number; width: number; height: number; weight?: number; isMetric: boolean }
  | { kind: 'blacklist-add'; companyId: string; account: string }
  | { kind: 'seed' }
  | { kind: 'outbox-list' }
  | { kind: 'shipment-advance'; orderId: string; status: OperatorStatus }
  | { kind: 'shipment-audit'; orderId: string }
  | { kind: 'manifest-list'; companyId: string; mode: KeyMode; carrierCode?: string }
  | { kind: 'carrier-account-add'; carrierCode: string; accountNumber: string; name?: string; credentialsFile?: string; contractId?: string }
  | { kind: 'carrier-account-list' }
  | { kind: 'carrier-account-remove'; carrierAccountId: string }
  | { kind: 'carrier-account-push-credentials'; carrierAccountId: string; rotate: boolean }
  | {
      kind: 'pricing-group-set-plan';
      pricingGroupId: string;
      carrierCode: string;
      /** null: detach the plan from its account ("none"); absent: keep the plan's. */
      carrierAccountId?: string | null;
      markupBp?: number;
      accountDiscountBp?: number;
      services?: string[];
    };

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/**
 * What no admin value may hold (docs/configuration.md, "Admin CLI"): control
 * characters (C0, DEL, C1: an ANSI escape rewrites the terminal of whoever
 * lists the value, a newline forges a line), format characters (the
 * bidirectional marks, embeddings, overrides and isolates, U+202E showing a
 * name reversed, and the zero-width ones, which make two names look alike)
 * and the line and paragraph separators. No name, id, code, number or path
 * an operator types needs one.
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Where `text` holds an unsafe character: the character as U+XXXX and its position (1-based, in characters); undefined when it holds none. */
const unsafeCharacter = (text: string): string | undefined => {
  const characters = [...text];
  const at = characters.findIndex((c) => UNSAFE_CHARACTER.test(c));
  if (at < 0) return undefined;
  return `U+${characters[at]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at character ${at + 1}`;
};

const unsafeRefusal = (subject: string, found: string) => `${subject} may not hold control, bidirectional or invisible characters; it holds ${found}`;

/** Refuses any argument after the command that holds an unsafe character, naming its option (or its place), never showing it. */
const refuseUnsafeArguments = (command: string, args: string[], options: OptionSpec): void => {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'option' && Object.hasOwn(options, token.name)) {
      const found = unsafeCharacter(token.value ?? '');
      if (found !== undefined) throw new UsageError(`${command}: ${unsafeRefusal(`--${token.name}`, found)}`);
    } else {
      const found = unsafeCharacter(args[token.index]!);
      if (found !== undefined) throw new UsageError(`${command}: ${unsafeRefusal(`argument #${token.index + 1} after "${command}"`, found)}`);
    }
  }
};

const parseOptions = (command: string, args: string[], options: OptionSpec): Record<string, string | boolean | undefined> => {
  refuseUnsafeArguments(command, args, options);
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message.replace(/\n/g, ' ')}`);
  }
};

const requiredText = (command: string, values: Record<string, string | boolean | undefined>, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${command}: --${name} is required`);
  return value.trim();
};

const optionalText = (command: string, values: Record<string, string | boolean | undefined>, name: string): string | undefined => {
  if (values[name] === undefined) return undefined;
  return requiredText(command, values, name);
};

const positiveNumber = (command: string, name: string, raw: string): number => {
  const n = /^\s*[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${command}: --${name} must be a positive number, got "${raw}"`);
  return n;
};

/**
 * Option names that would carry a secret on the command line, where it stays
 * in the shell history and shows in the process list.
 */
const SECRET_OPTION = /secret|password|passwd|credential|token|api[-_]?key|private[-_]?key|^key$/i;

/**
 * parseOptions for the commands near credentials: an unknown option or a
 * stray argument is refused without echoing it (it may be a credential
 * pasted in the wrong place), and an option that looks like a credential is
 * refused with the ways credentials are given.
 */
const parseOptionsQuietly = (command: string, args: string[], options: OptionSpec): Record<string, string | boolean | undefined> => {
  refuseUnsafeArguments(command, args, options);
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option' && !Object.hasOwn(options, token.name)) {
      if (SECRET_OPTION.test(token.name)) {
        throw new UsageError(
          `${command}: credentials are never taken from an argument (${token.rawName}): it would stay in the shell history and show in the process list. ` +
            'Put them in a file and give --credentials-file FILE, or pipe the JSON on stdin.',
        );
      }
      throw new UsageError(`${command}: unknown option ${token.rawName}`);
    }
    if (token.kind === 'positional') throw new UsageError(`${command}: unexpected argument #${token.index + 1} after "${command}" (not shown: it could be a credential); this command takes options only`);
    if (token.kind === 'option-terminator') throw new UsageError(`${command}: unexpected "--"; this command takes options only`);
  }
  return parseOptions(command, args, options);
};

const CARRIER_CODES = carriers.map((c) => c.code);

const carrierCodeOption = (command: string, values: Record<string, string | boolean | undefined>): string => {
  const code = requiredText(command, values, 'carrier').toUpperCase();
  if (!CARRIER_CODES.includes(code)) throw new UsageError(`${command}: unknown carrier "${code}"; known: ${CARRIER_CODES.join(', ')}`);
  return code;
};

const carrierAccountIdOption = (command: string, name: string, raw: string): string => {
  if (!isUuid(raw)) throw new UsageError(`${command}: --${name} must be a carrier account id (UUID), got "${raw}"`);
  return raw.toLowerCase();
};

/** A percentage with at most two decimals, from `min` to `max`, as basis points (12.5 -> 1250). */
const percentBp = (command: string, name: string, raw: string, max: number): number => {
  if (!/^\s*[0-9]+(\.[0-9]{1,2})?\s*$/.test(raw)) throw new UsageError(`${command}: --${name} must be a percentage from 0 to ${max} with at most two decimals, got "${raw}"`);
  const bp = Math.round(Number(raw) * 100);
  if (bp > max * 100) throw new UsageError(`${command}: --${name} must be a percentage from 0 to ${max}, got "${raw}"`);
  return bp;
};

/** Largest markup accepted: ten times the account price, far past any list price. */
export const MAX_MARKUP_PERCENT = 1000;

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** An ISO 8601 date, or date-time with zone, that names a real calendar instant; normalized to UTC (`toISOString`). */
export const parseIsoDate = (raw: string): string | undefined => {
  const m = ISO_8601.exec(raw);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0, zoneHours = 0, zoneMinutes = 0] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  // Date would roll 2025-02-30 over to March 2; a typo must not become another day.
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || zoneHours > 14 || zoneMinutes > 59) return undefined;
  return new Date(raw).toISOString();
};

/** Parses and validates the arguments after `admin --`; throws UsageError. Pure: no I/O. */
export const parseAdminCommand = (argv: string[]): AdminCommand => {
  const [first, second, ...rest] = argv;
  if (first === undefined) throw new UsageError('no command given; run `npm run -s admin -- help`');
  if (first === 'help' || first === '--help' || first === '-h') return { kind: 'help' };
  if (first === 'seed') {
    parseOptions('seed', argv.slice(1), {});
    return { kind: 'seed' };
  }
  const command = `${first} ${second ?? ''}`.trim();
  const unsafeInCommand = unsafeCharacter(command);
  if (unsafeInCommand !== undefined) throw new UsageError(unsafeRefusal('the command', unsafeInCommand));
  switch (command) {
    case 'company create': {
      const v = parseOptions(command, rest, {
        name: { type: 'string' },
        'pricing-group': { type: 'string' },
        billing: { type: 'string' },
        'no-user': { type: 'boolean' },
      });
      const pricingGroupId = optionalText(command, v, 'pricing-group') ?? 'default';
      if (!pricingGroups.some((g) => g.id === pricingGroupId)) {
        throw new UsageError(`${command}: unknown pricing group "${pricingGroupId}"; known: ${pricingGroups.map((g) => g.id).join(', ')}`);
      }
      const billing = optionalText(command, v, 'billing') ?? 'account';
      if (billing !== 'account' && billing !== 'prepaid') throw new UsageError(`${command}: --billing must be account or prepaid, got "${billing}"`);
      return { kind: 'company-create', name: requiredText(command, v, 'name'), pricingGroupId, billing, withUser: v['no-user'] !== true };
    }
    case 'key create': {
      const v = parseOptions(command, rest, {
        company: { type: 'string' },
        scopes: { type: 'string' },
        'expires-at': { type: 'string' },
        'integration-type': { type: 'string' },
        inactive: { type: 'boolean' },
        mode: { type: 'string' },
      });
      const companyId = requiredText(command, v, 'company');
      const rawMode = optionalText(command, v, 'mode') ?? 'live';
      const mode = keyModeSchema.safeParse(rawMode);
      if (!mode.success) throw new UsageError(`${command}: --mode must be ${keyModeSchema.options.join(' or ')}, got "${rawMode}"`);
      let scopes: Scope[] = [];
      if (v.scopes !== undefined) {
        const listed = String(v.scopes)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (listed.length === 0) throw new UsageError(`${command}: --scopes needs at least one scope; leave it out for a key with every scope`);
        const unknown = listed.filter((s) => !knownScopes.includes(s as Scope));
        if (unknown.length > 0) throw new UsageError(`${command}: unknown scope ${unknown.join(', ')}; known: ${knownScopes.join(', ')}`);
        scopes = [...new Set(listed)] as Scope[];
      }
      const rawExpiry = optionalText(command, v, 'expires-at');
      const expiresAt = rawExpiry === undefined ? undefined : parseIsoDate(rawExpiry);
      if (rawExpiry !== undefined && expiresAt === undefined) {
        throw new UsageError(`${command}: --expires-at must be an ISO 8601 date or date-time with zone (e.g. 2030-01-31T00:00:00Z), got "${rawExpiry}"`);
      }
      return {
        kind: 'key-create',
        companyId,
        scopes,
        ...(expiresAt ? { expiresAt } : {}),
        ...(v['integration-type'] !== undefined ? { integrationType: requiredText(command, v, 'integration-type') } : {}),
        active: v.inactive !== true,
        mode: mode.data,
      };
    }
    case 'key revoke': {
      const v = parseOptions(command, rest, { 'key-id': { type: 'string' } });
      return { kind: 'key-revoke', keyId: requiredText(command, v, 'key-id') };
    }
    case 'box create': {
      const v = parseOptions(command, rest, {
        company: { type: 'string' },
        name: { type: 'string' },
        length: { type: 'string' },
        width: { type: 'string' },
        height: { type: 'string' },
        weight: { type: 'string' },
        metric: { type: 'boolean' },
      });
      const weight = v.weight === undefined ? undefined : positiveNumber(command, 'weight', String(v.weight));
      return {
        kind: 'box-create',
        companyId: requiredText(command, v, 'company'),
        name: requiredText(command, v, 'name'),
        length: positiveNumber(command, 'length', requiredText(command, v, 'length')),
        width: positiveNumber(command, 'width', requiredText(command, v, 'width')),
        height: positiveNumber(command, 'height', requiredText(command, v, 'height')),
        ...(weight !== undefined ? { weight } : {}),
        isMetric: v.metric === true,
      };
    }
    case 'outbox list': {
      parseOptions(command, rest, {});
      return { kind: 'outbox-list' };
    }
    case 'manifest list': {
      const v = parseOptions(command, rest, { company: { type: 'string' }, mode: { type: 'string' }, carrier: { type: 'string' } });
      const companyId = requiredText(command, v, 'company');
      const mode = keyModeSchema.safeParse(v.mode ?? 'live');
      if (!mode.success) throw new UsageError(`${command}: --mode must be ${keyModeSchema.options.join(' or ')}, got "${String(v.mode)}"`);
      return { kind: 'manifest-list', companyId, mode: mode.data, ...(v.carrier !== undefined ? { carrierCode: carrierCodeOption(command, v) } : {}) };
    }
    case 'shipment audit': {
      const v = parseOptions(command, rest, { order: { type: 'string' } });
      const orderId = requiredText(command, v, 'order');
      if (!isUuid(orderId)) throw new UsageError(`${command}: --order must be an order id (UUID), got "${orderId}"`);
      return { kind: 'shipment-audit', orderId: orderId.toLowerCase() };
    }
    case 'shipment advance': {
      const v = parseOptions(command, rest, { order: { type: 'string' }, status: { type: 'string' } });
      const orderId = requiredText(command, v, 'order');
      if (!isUuid(orderId)) throw new UsageError(`${command}: --order must be an order id (UUID), got "${orderId}"`);
      const status = requiredText(command, v, 'status');
      if (!(operatorStatuses as string[]).includes(status)) {
        throw new UsageError(`${command}: --status must be one of ${operatorStatuses.join(', ')}, got "${status}"`);
      }
      return { kind: 'shipment-advance', orderId: orderId.toLowerCase(), status: status as OperatorStatus };
    }
    case 'blacklist add': {
      const v = parseOptions(command, rest, { company: { type: 'string' }, account: { type: 'string' } });
      const account = requiredText(command, v, 'account');
      if (!/^[A-Za-z0-9-]{1,64}$/.test(account)) {
        throw new UsageError(`${command}: --account must be 1 to 64 letters, digits or dashes, got "${account}"`);
      }
      return { kind: 'blacklist-add', companyId: requiredText(command, v, 'company'), account };
    }
    case 'carrier-account add': {
      const v = parseOptionsQuietly(command, rest, {
        carrier: { type: 'string' },
        'account-number': { type: 'string' },
        name: { type: 'string' },
        'credentials-file': { type: 'string' },
        'contract-id': { type: 'string' },
        // Canada Post calls its account number the customer number.
        'customer-number': { type: 'string' },
      });
      if (v['customer-number'] !== undefined && v['account-number'] !== undefined) throw new UsageError(`${command}: give --account-number or --customer-number, not both`);
      if (v['customer-number'] !== undefined) v['account-number'] = v['customer-number'];
      const accountNumber = requiredText(command, v, 'account-number');
      const contractId = optionalText(command, v, 'contract-id');
      // Canada Post's contract ids are 1 to 10 digits; it refuses any other at every rate and ship.
      if (contractId !== undefined && !/^[0-9]{1,10}$/.test(contractId)) {
        throw new UsageError(`${command}: --contract-id must be 1 to 10 digits (a contract id such as 42708517), got "${echoed(contractId)}"`);
      }
      if (!/^[A-Za-z0-9-]{1,64}$/.test(accountNumber)) {
        throw new UsageError(`${command}: --account-number must be 1 to 64 letters, digits or dashes, got "${accountNumber}"`);
      }
      const name = optionalText(command, v, 'name');
      if (name !== undefined && name.length > 100) throw new UsageError(`${command}: --name must be at most 100 characters`);
      const credentialsFile = optionalText(command, v, 'credentials-file');
      return {
        kind: 'carrier-account-add',
        carrierCode: carrierCodeOption(command, v),
        accountNumber,
        ...(name !== undefined ? { name } : {}),
        ...(credentialsFile !== undefined ? { credentialsFile } : {}),
        ...(contractId !== undefined ? { contractId } : {}),
      };
    }
    case 'carrier-account list': {
      parseOptionsQuietly(command, rest, {});
      return { kind: 'carrier-account-list' };
    }
    case 'carrier-account remove': {
      const v = parseOptionsQuietly(command, rest, { id: { type: 'string' } });
      return { kind: 'carrier-account-remove', carrierAccountId: carrierAccountIdOption(command, 'id', requiredText(command, v, 'id')) };
    }
    case 'carrier-account push-credentials': {
      const v = parseOptionsQuietly(command, rest, { id: { type: 'string' }, rotate: { type: 'boolean' } });
      return { kind: 'carrier-account-push-credentials', carrierAccountId: carrierAccountIdOption(command, 'id', requiredText(command, v, 'id')), rotate: v.rotate === true };
    }
    case 'pricing-group set-plan': {
      const v = parseOptions(command, rest, {
        group: { type: 'string' },
        carrier: { type: 'string' },
        'carrier-account': { type: 'string' },
        'markup-percent': { type: 'string' },
        'account-discount-percent': { type: 'string' },
        services: { type: 'string' },
      });
      const pricingGroupId = requiredText(command, v, 'group');
      if (!/^[a-z0-9-]{1,64}$/.test(pricingGroupId)) throw new UsageError(`${command}: --group must be a pricing group id (lowercase letters, digits, dashes), got "${pricingGroupId}"`);
      const account = optionalText(command, v, 'carrier-account');
      const markup = optionalText(command, v, 'markup-percent');
      const accountDiscount = optionalText(command, v, 'account-discount-percent');
      let services: string[] | undefined;
      if (v.services !== undefined) {
        const listed = requiredText(command, v, 'services')
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean);
        if (listed.length === 0) throw new UsageError(`${command}: --services needs at least one service code, or "all"`);
        services = listed.length === 1 && listed[0] === 'ALL' ? [] : [...new Set(listed)];
      }
      return {
        kind: 'pricing-group-set-plan',
        pricingGroupId,
        carrierCode: carrierCodeOption(command, v),
        ...(account === undefined ? {} : { carrierAccountId: account.toLowerCase() === 'none' ? null : carrierAccountIdOption(command, 'carrier-account', account) }),
        ...(markup === undefined ? {} : { markupBp: percentBp(command, 'markup-percent', markup, MAX_MARKUP_PERCENT) }),
        ...(accountDiscount === undefined ? {} : { accountDiscountBp: percentBp(command, 'account-discount-percent', accountDiscount, 100) }),
        ...(services === undefined ? {} : { services }),
      };
    }
    default:
      throw new UsageError(`unknown command "${command}"; run \`npm run -s admin -- help\``);
  }
};

export type AdminTarget =
  | { kind: 'local'; dataDir: string; runtime: RuntimeFile }
  | { kind: 'stage'; tableName: string; bucketName?: string };

/**
 * A running local stack when DATA_DIR/runtime.json exists, else the deployed
 * stage of TABLE_NAME. Throws AdminError when neither is usable.
 */
export const resolveAdminTarget = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AdminTarget => {
  const dataDir = resolveDataDir(env, cwd);
  const runtime = readRuntimeFile(dataDir);
  if (runtime) {
    if (!isProcessAlive(runtime.pid)) {
      throw new AdminError(
        `${dataPaths(dataDir).runtime} was left by a local runtime that is no longer running (pid ${runtime.pid}). ` +
          'Start it again with `npm start` (same DATA_DIR) or delete the file.',
      );
    }
    return { kind: 'local', dataDir, runtime };
  }
  if (!env.TABLE_NAME) {
    throw new AdminError(
      `No target: no running local stack (${dataPaths(dataDir).runtime} does not exist) and TABLE_NAME is not set. ` +
        'Start `npm start` with the same DATA_DIR, or set TABLE_NAME (and BUCKET_NAME, AWS_REGION, AWS credentials) of a deployed stage.',
    );
  }
  return { kind: 'stage', tableName: env.TABLE_NAME, ...(env.BUCKET_NAME ? { bucketName: env.BUCKET_NAME } : {}) };
};

/**
 * The environment the store needs for a target; apply it before the store
 * modules load. A local stack keeps carrier-account credentials in files
 * under its DATA_DIR; a stage in Secrets Manager, under the prefix the
 * operator gives as CARRIER_SECRET_PREFIX (the stack output of that name).
 */
export const targetEnv = (target: AdminTarget): Record<string, string | undefined> =>
  target.kind === 'local'
    ? {
        ...runtimeAwsEnv(target.runtime),
        CARRIER_SECRETS_DIR: dataPaths(target.dataDir).carrierSecrets,
        CARRIER_SECRET_PREFIX: undefined,
      }
    : { CARRIER_SECRETS_DIR: undefined };

const requireCompany = async (companyId: string) => {
  const { getCompany } = await import('../shared/store/companies');
  const company = await getCompany(companyId);
  if (!company) throw new AdminError(`company not found: ${companyId}`);
  return company;
};

/**
 * The status e-mails of a local stack: its file outbox. A deployed stage has
 * none to list: its e-mails went out through SES.
 */
const outboxOf = (target: AdminTarget | undefined) => {
  if (target?.kind === 'local') return listOutbox(target.runtime.outboxDir ?? dataPaths(target.dataDir).outbox);
  const local = 'outbox list is local only: it lists the e-mails a running npm start wrote to DATA_DIR/outbox.';
  if (!target) throw new AdminError(`${local} Start npm start with the same DATA_DIR.`);
  throw new AdminError(
    `${local} The stage of ${target.tableName} sends status e-mails through SES: see the delivery events of its SES ` +
      'configuration set and the "status e-mail sent" lines of its notify function logs.',
  );
};

/** What a command reads besides its arguments: the credentials of `carrier-account add` come on stdin. */
export type AdminIo = {
  readStdin: () => Promise<Buffer>;
  /** A line for the operator beside the command's JSON (stderr): what the result means, never part of it. */
  note?: (line: string) => void;
};

/**
 * At most `limit` bytes of a stream, read to its end; refuses more, and
 * refuses a terminal (a credential typed there would be echoed on screen).
 */
export const readBoundedInput = (stream: NodeJS.ReadableStream & { isTTY?: boolean }, limit: number, what: string): Promise<Buffer> => {
  if (stream.isTTY) {
    return Promise.reject(
      new UsageError(`${what}: stdin is a terminal. Pipe the credentials JSON in (\`< credentials.json\`, or from a password manager), or give --credentials-file FILE`),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        cleanup();
        stream.pause();
        reject(new UsageError(`${what}: more than ${limit} bytes on stdin; credentials must be at most ${limit} bytes of JSON`));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
};

const processIo: AdminIo = {
  readStdin: () => readBoundedInput(process.stdin, MAX_CREDENTIALS_BYTES, 'carrier-account add'),
  note: (line) => process.stderr.write(`admin: note: ${line}\n`),
};

/**
 * What the sandbox carriers `codes` answer where the command acted
 * (SANDBOX_CARRIERS, docs/configuration.md): the running local stack says its
 * setting; a stage's is in its function environment, which the CLI does not read.
 */
export const sandboxCarriersNote = (codes: readonly string[], target?: AdminTarget): string => {
  const which = `${codes.join(', ')} ${codes.length === 1 ? 'is a sandbox carrier' : 'are sandbox carriers'} (no real shipment)`;
  const local = target?.kind === 'local' ? target.runtime.sandboxCarriers : undefined;
  if (local) return `${which}: the local stack (SANDBOX_CARRIERS=${local}) lets them answer ${describeSandboxCarriers(local)}`;
  return `${which}: on a stage they answer the keys its SANDBOX_CARRIERS allows; on prod (test) test keys only, never a live key`;
};

/** A credentials file: a regular file (no link followed) of at most MAX_CREDENTIALS_BYTES. */
const readCredentialsFile = (file: string): Buffer => {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    throw new UsageError(`carrier-account add: cannot read --credentials-file ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`carrier-account add: --credentials-file ${file} is not a regular file`);
    if (stat.size > MAX_CREDENTIALS_BYTES) throw new UsageError(`carrier-account add: --credentials-file ${file} is larger than ${MAX_CREDENTIALS_BYTES} bytes`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
};

const readCredentials = async (command: Extract<AdminCommand, { kind: 'carrier-account-add' }>, io: AdminIo): Promise<Credentials> => {
  const source = command.credentialsFile ?? 'stdin';
  const text = command.credentialsFile !== undefined ? readCredentialsFile(command.credentialsFile) : await io.readStdin();
  let credentials: Credentials;
  try {
    credentials = parseCredentials(text, `carrier-account add: ${source}`);
  } catch (e) {
    if (e instanceof InvalidCredentials) throw new UsageError(e.message);
    throw e;
  }
  // A live carrier names the fields it authenticates with: a typo is caught now, not at the first rate.
  const { CARRIER_PROFILES } = await import('../shared/carriers/registry');
  const connector = await CARRIER_PROFILES.find((p) => p.code === command.carrierCode)?.load();
  const fields = connector?.network === 'live' ? connector.credentialFields : [];
  const missing = fields.filter((field) => !credentials[field]?.trim());
  if (missing.length > 0) {
    throw new UsageError(`carrier-account add: ${source}: ${command.carrierCode} credentials need ${fields.join(' and ')}; missing ${missing.join(', ')}`);
  }
  return credentials;
};

/** The reference data as stored now (no cache), with a clear error when the seed was never loaded. */
const storedReference = async () => {
  const { loadReference } = await import('../shared/store/reference');
  const reference = await loadReference();
  if (reference.carriers.length === 0) throw new AdminError('the table holds no reference data: run `npm run -s admin -- seed` first');
  return reference;
};

const storedCarrier = async (carrierCode: string) => {
  const reference = await storedReference();
  const carrier = reference.carriers.find((c) => c.code === carrierCode);
  if (!carrier) throw new AdminError(`carrier ${carrierCode} is not in the stored reference data; load this version's with \`npm run -s admin -- seed\``);
  return { reference, carrier };
};

const addCarrierAccount = async (command: Extract<AdminCommand, { kind: 'carrier-account-add' }>, io: AdminIo) => {
  const [{ credentialsDestination, deleteCarrierCredentials, storeCarrierCredentials }, { putCarrierAccount }] = await Promise.all([
    import('../shared/secrets'),
    import('../shared/store/carrier-accounts'),
  ]);
  const destination = credentialsDestination();
  if (!destination) {
    throw new AdminError(
      'carrier-account add: no secret store for the credentials. On a deployed stage set CARRIER_SECRET_PREFIX to the ' +
        "stack's CarrierSecretPrefix output; locally, run it while npm start is running (same DATA_DIR).",
    );
  }
  await storedCarrier(command.carrierCode);
  // Read (and checked) before anything is written.
  const credentials = await readCredentials(command, io);
  const carrierAccountId = randomUUID();
  const credentialsRef = await storeCarrierCredentials({ carrierAccountId, carrierCode: command.carrierCode }, credentials, destination);
  try {
    await putCarrierAccount({
      carrierAccountId,
      carrierCode: command.carrierCode,
      accountNumber: command.accountNumber,
      ...(command.contractId ? { contractId: command.contractId } : {}),
      name: command.name ?? `${command.carrierCode} ${command.accountNumber}`,
      credentialsRef,
      createdDate: new Date().toISOString(),
    });
  } catch (e) {
    // No secret without its account.
    await deleteCarrierCredentials(credentialsRef).catch(() => undefined);
    throw e;
  }
  return { carrierAccountId };
};

/**
 * The client id and secret a carrier uses to push tracking events to this
 * API (docs/ups.md, "Track Alert"): the secret stored like the account's
 * credentials, the account item given the client id and the secret's
 * reference, the pair answered once. With `rotate`, replaces the pair the
 * account has (its secret deleted once the new one is in place).
 */
const issuePushCredentials = async (command: Extract<AdminCommand, { kind: 'carrier-account-push-credentials' }>) => {
  const [{ credentialsDestination, deleteCarrierCredentials, storeCarrierCredentials }, { getCarrierAccount, setPushCredentials }, { CARRIER_PROFILES }, { newPushClient }, { carrierPushPaths }] =
    await Promise.all([
      import('../shared/secrets'),
      import('../shared/store/carrier-accounts'),
      import('../shared/carriers/registry'),
      import('../shared/domain/push-token'),
      import('../shared/functions'),
    ]);
  const account = await getCarrierAccount(command.carrierAccountId);
  if (!account) throw new AdminError(`carrier account not found: ${command.carrierAccountId}`);
  // The generic push routes serve every connector that pushes (subscribes, and reads what it is pushed).
  if (!CARRIER_PROFILES.some((p) => p.code === account.carrierCode && p.network === 'live' && p.pushes)) {
    throw new AdminError(`carrier account ${account.carrierAccountId} is a ${account.carrierCode} account, and ${account.carrierCode} does not push tracking events`);
  }
  if (account.pushCredentials && !command.rotate) {
    throw new AdminError(
      `carrier account ${account.carrierAccountId} already has push credentials (client id ${account.pushCredentials.clientId}); give --rotate to replace them`,
    );
  }
  const destination = credentialsDestination();
  if (!destination) {
    throw new AdminError(
      'carrier-account push-credentials: no secret store. On a deployed stage set CARRIER_SECRET_PREFIX to the ' +
        "stack's CarrierSecretPrefix output; locally, run it while npm start is running (same DATA_DIR).",
    );
  }
  const client = newPushClient(account.carrierAccountId, randomBytes);
  const secretRef = await storeCarrierCredentials(account, { clientSecret: client.clientSecret }, destination, {
    suffix: client.secretSuffix,
    purpose: `Push credentials (client id ${client.clientId})`,
  });
  const stored = await setPushCredentials(account.carrierAccountId, { clientId: client.clientId, secretRef, createdDate: new Date().toISOString() }, account.pushCredentials?.clientId).catch(
    async (e: unknown) => {
      await deleteCarrierCredentials(secretRef).catch(() => undefined);
      throw e;
    },
  );
  if (!stored) {
    await deleteCarrierCredentials(secretRef).catch(() => undefined);
    throw new AdminError(`carrier account ${account.carrierAccountId} was removed or given other push credentials meanwhile; nothing changed`);
  }
  if (account.pushCredentials) await deleteCarrierCredentials(account.pushCredentials.secretRef);
  const paths = carrierPushPaths(account.carrierCode);
  return { carrierAccountId: account.carrierAccountId, clientId: client.clientId, clientSecret: client.clientSecret, tokenPath: paths.token, eventPath: paths.events };
};

/** The pricing plans that name each account, as `group/CARRIER`. */
const plansByAccount = (plansByGroup: ReadonlyMap<string, PricingPlan[]>): Map<string, PricingPlan[]> => {
  const byAccount = new Map<string, PricingPlan[]>();
  for (const plans of plansByGroup.values()) {
    for (const plan of plans) {
      if (plan.carrierAccountId === undefined) continue;
      byAccount.set(plan.carrierAccountId, [...(byAccount.get(plan.carrierAccountId) ?? []), plan]);
    }
  }
  return byAccount;
};

const listAccounts = async () => {
  const [{ listCarrierAccounts }, { loadReference }] = await Promise.all([import('../shared/store/carrier-accounts'), import('../shared/store/reference')]);
  const [accounts, reference] = await Promise.all([listCarrierAccounts(), loadReference()]);
  const usedBy = plansByAccount(reference.plansByGroup);
  return accounts.map((a) => ({
    carrierAccountId: a.carrierAccountId,
    carrierCode: a.carrierCode,
    accountNumber: a.accountNumber,
    name: a.name,
    credentialsRef: a.credentialsRef,
    createdDate: a.createdDate,
    usedBy: (usedBy.get(a.carrierAccountId) ?? []).map((p) => p.pricingGroupId).sort(),
  }));
};

/**
 * Removes an account and then every secret of it (credentials, push
 * credentials). Refused while a plan names it, and while orders bought under
 * it are not final or a carrier call made under it is being reconciled: their
 * tracking and cancel need it (shared/store/account-usage.ts counts them
 * without a Scan). Functions keep a plan and an account cached for
 * REFERENCE_CACHE_SECONDS, so an order may still be bought under an account
 * within that time after its plan moved: docs/configuration.md says to wait
 * that long before removing it.
 */
const removeAccount = async (carrierAccountId: string) => {
  const [{ deleteCarrierAccount, getCarrierAccount }, { deleteAccountSecrets }, { loadReference }, { accountUsage }, { ItemNotFound }] = await Promise.all([
    import('../shared/store/carrier-accounts'),
    import('../shared/secrets'),
    import('../shared/store/reference'),
    import('../shared/store/account-usage'),
    import('../shared/store/errors'),
  ]);
  const account = await getCarrierAccount(carrierAccountId);
  if (!account) throw new ItemNotFound('carrier account', carrierAccountId);
  const plans = plansByAccount((await loadReference()).plansByGroup).get(carrierAccountId) ?? [];
  if (plans.length > 0) {
    const named = plans.map((p) => `${p.pricingGroupId}/${p.carrierCode}`).join(', ');
    throw new AdminError(
      `carrier account ${carrierAccountId} is used by the pricing plan(s) ${named}: set them to another account first ` +
        `(pricing-group set-plan --group G --carrier ${account.carrierCode} --carrier-account ID, or none for a sandbox carrier)`,
    );
  }
  const { openOrders, pendingCalls } = await accountUsage(carrierAccountId);
  if (openOrders > 0 || pendingCalls > 0) {
    const uses = [
      ...(openOrders > 0 ? [`${openOrders} order${openOrders === 1 ? '' : 's'} not yet delivered or cancelled`] : []),
      ...(pendingCalls > 0 ? [`${pendingCalls} carrier call${pendingCalls === 1 ? '' : 's'} whose outcome is still being reconciled`] : []),
    ];
    throw new AdminError(
      `carrier account ${carrierAccountId} is still used by ${uses.join(' and ')}: ${account.carrierCode} is reached through it ` +
        'to track, cancel or reconcile them; remove it once they are final (delivered or cancelled)',
    );
  }
  // The item as deleted: push credentials issued since it was read are removed too.
  const removed = await deleteCarrierAccount(carrierAccountId);
  if (!removed) throw new ItemNotFound('carrier account', carrierAccountId);
  await deleteAccountSecrets(removed);
  return { carrierAccountId, removed: true };
};

const setPlan = async (command: Extract<AdminCommand, { kind: 'pricing-group-set-plan' }>, target: AdminTarget | undefined, io: AdminIo) => {
  const [{ getCarrierAccount }, { putPricingPlan }, { ConditionFailed }] = await Promise.all([
    import('../shared/store/carrier-accounts'),
    import('../shared/store/reference'),
    import('../shared/store/table-ops'),
  ]);
  const { reference, carrier } = await storedCarrier(command.carrierCode);
  const { pricingGroupId, carrierCode } = command;
  if (!reference.pricingGroups.has(pricingGroupId)) {
    throw new AdminError(`unknown pricing group "${pricingGroupId}"; known: ${[...reference.pricingGroups.keys()].sort().join(', ')}`);
  }
  const existing = reference.plansByGroup.get(pricingGroupId)?.find((p) => p.carrierCode === carrierCode);

  const carrierAccountId = command.carrierAccountId === null ? undefined : (command.carrierAccountId ?? existing?.carrierAccountId);
  const account = carrierAccountId === undefined ? undefined : await getCarrierAccount(carrierAccountId);
  if (carrierAccountId !== undefined && !account) {
    const kept = command.carrierAccountId === undefined ? ` (the plan's current account; give --carrier-account ID, or none for a sandbox carrier)` : '';
    throw new AdminError(`carrier account not found: ${carrierAccountId}${kept}`);
  }
  if (account && account.carrierCode !== carrierCode) {
    throw new AdminError(`carrier account ${account.carrierAccountId} is a ${account.carrierCode} account, not a ${carrierCode} one`);
  }
  if (carrier.network === 'live' && !account) {
    throw new AdminError(`${carrierCode} is a live carrier: its plan needs a carrier account (--carrier-account ID; see carrier-account add)`);
  }

  const services = command.services ?? existing?.services ?? [];
  const known = new Set((reference.servicesByCarrier.get(carrierCode) ?? []).map((s) => s.code));
  const unknown = services.filter((code) => !known.has(code));
  if (unknown.length > 0) throw new AdminError(`unknown ${carrierCode} service ${unknown.join(', ')}; known: ${[...known].sort().join(', ')}`);

  const accountDiscountBp = command.accountDiscountBp ?? existing?.accountDiscountBp ?? 0;
  const customerDiscountBp = command.markupBp !== undefined ? customerDiscountForMarkup(accountDiscountBp, command.markupBp) : (existing?.customerDiscountBp ?? 0);
  const plan: PricingPlan = {
    pricingGroupId,
    carrierCode,
    account: {
      accountNumber: account?.accountNumber ?? (existing && existing.carrierAccountId === undefined ? existing.account.accountNumber : sandboxAccountNumber(pricingGroupId, carrierCode)),
    },
    ...(account ? { carrierAccountId: account.carrierAccountId } : {}),
    accountDiscountBp,
    customerDiscountBp,
    services,
    currency: existing?.currency ?? 'CAD',
  };
  try {
    await putPricingPlan(plan);
  } catch (e) {
    if (e instanceof ConditionFailed) throw new AdminError(`carrier account ${plan.carrierAccountId} was removed meanwhile; the plan is unchanged`);
    throw e;
  }
  if (carrier.network === 'sandbox') io.note?.(sandboxCarriersNote([carrierCode], target));
  return plan;
};

/**
 * Runs a parsed command against the table and bucket the environment names,
 * on `target` (resolveAdminTarget) where the command depends on it; returns
 * the JSON to print.
 */
export const executeAdminCommand = async (command: AdminCommand, target?: AdminTarget, io: AdminIo = processIo): Promise<unknown> => {
  switch (command.kind) {
    case 'carrier-account-add':
      return addCarrierAccount(command, io);
    case 'carrier-account-list':
      return listAccounts();
    case 'carrier-account-remove':
      return removeAccount(command.carrierAccountId);
    case 'carrier-account-push-credentials':
      return issuePushCredentials(command);
    case 'pricing-group-set-plan':
      return setPlan(command, target, io);
    case 'help':
      return { usage: ADMIN_USAGE };
    case 'seed': {
      const { seedReferenceData } = await import('../shared/store/seed');
      const seeded = await seedReferenceData();
      const sandbox = new Set(carriers.filter((c) => c.network === 'sandbox').map((c) => c.code));
      const planned = [...new Set(pricingPlans.map((p) => p.carrierCode))].filter((code) => sandbox.has(code));
      if (planned.length > 0) io.note?.(`the seed's pricing plans quote ${sandboxCarriersNote(planned, target)}`);
      return seeded;
    }
    case 'outbox-list':
      return outboxOf(target);
    case 'manifest-list': {
      const { listManifests } = await import('../shared/store/manifests');
      const manifests: Array<Record<string, unknown>> = [];
      let after: string | undefined;
      do {
        const page = await listManifests(command.companyId, command.mode, { limit: 50, ...(command.carrierCode ? { carrierCode: command.carrierCode } : {}), ...(after ? { after } : {}) });
        manifests.push(...page.manifests.map(({ lines: _lines, ...m }) => m));
        after = page.last;
      } while (after);
      return manifests;
    }
    case 'shipment-audit': {
      const { auditTrail, getRecord, RECONCILE_KINDS } = await import('../shared/store/reconciliation');
      const records = await Promise.all(RECONCILE_KINDS.map((kind) => getRecord(command.orderId, kind)));
      return {
        orderId: command.orderId,
        audit: (await auditTrail(command.orderId)).map(({ orderId: _orderId, ...entry }) => entry),
        reconciling: records.flatMap((r) => (r?.dueAt ? [{ kind: r.kind, dueAt: r.dueAt, round: r.round }] : [])),
      };
    }
    case 'shipment-advance': {
      const [{ createOperatorAdvance }, { processRuntime }] = await Promise.all([import('../shared/services/tracking/advance'), import('../shared/process-runtime')]);
      try {
        return await createOperatorAdvance(processRuntime).advance(command.orderId, command.status);
      } catch (e) {
        throw new AdminError(`shipment advance: ${(e as Error).message}`);
      }
    }
    case 'company-create': {
      const { createCompany } = await import('../shared/store/companies');
      const company = await createCompany({
        name: command.name,
        pricingGroupId: command.pricingGroupId,
        billing: command.billing,
        withUser: command.withUser,
      });
      return { companyId: company.companyId };
    }
    case 'key-create': {
      await requireCompany(command.companyId);
      const { createApiKey } = await import('../shared/store/api-keys');
      return createApiKey({
        companyId: command.companyId,
        scopes: command.scopes,
        active: command.active,
        mode: command.mode,
        ...(command.expiresAt ? { expiresAt: command.expiresAt } : {}),
        ...(command.integrationType ? { integrationType: command.integrationType } : {}),
      });
    }
    case 'key-revoke': {
      const { revokeApiKey } = await import('../shared/store/api-keys');
      return revokeApiKey(command.keyId);
    }
    case 'box-create': {
      await requireCompany(command.companyId);
      const { createCustomBox } = await import('../shared/services/catalog');
      const box = await createCustomBox(command.companyId, {
        name: command.name,
        length: command.length,
        width: command.width,
        height: command.height,
        isMetric: command.isMetric,
        ...(command.weight !== undefined ? { weight: command.weight } : {}),
      });
      return { id: box.id };
    }
    case 'blacklist-add': {
      await requireCompany(command.companyId);
      const { addToBlacklist } = await import('../shared/store/companies');
      await addToBlacklist(command.companyId, command.account);
      return { companyId: command.companyId, account: command.account };
    }
  }
};
