/**
 * The admin CLI's commands (DESIGN.md §6): argument parsing and validation
 * (pure), the choice of target (a running `npm start` or a deployed stage)
 * and the execution through the store repositories. bin/admin.ts is the thin
 * entry point; tests call these functions directly.
 */
import { parseArgs } from 'node:util';
import type { Scope } from '../shared/manifest';
import { isUuid } from '../shared/domain/ids';
import { keyModeSchema, type KeyMode } from '../shared/domain/types';
import { operatorStatuses, type OperatorStatus } from '../shared/domain/tracking';
import { listOutbox } from '../shared/notify/outbox';
import { pricingGroups } from '../shared/reference/pricing';
import { localAwsEnv } from './env';
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
};
export const knownScopes = Object.keys(SCOPES) as Scope[];

export const ADMIN_USAGE = `Usage: npm run -s admin -- <command> [options]

Commands (JSON on stdout; a message on stderr and a non-zero exit on failure):
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
      -> {"items":N}   (loads the reference data; idempotent)
  shipment advance --order ID --status ${operatorStatuses.join('|')}
      -> {"orderId","transitStatus"}   (sandbox: moves the order on as a carrier update would,
         so the status e-mails follow)
  outbox list
      -> [{"to","subject","orderId","status","sentAt"}]   (local only: the status e-mails
         the local stack wrote to DATA_DIR/outbox instead of sending them, oldest first)
  help

Scopes: ${knownScopes.join(', ')}

Target: when DATA_DIR/runtime.json exists (npm start is running with that DATA_DIR,
default .data/), the command acts on that local stack. Otherwise it acts on the
deployed stage named by TABLE_NAME (and BUCKET_NAME) with the usual AWS
credentials and region (AWS_PROFILE, AWS_REGION, ...).`;

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'company-create'; name: string; pricingGroupId: string; billing: 'account' | 'prepaid'; withUser: boolean }
  | { kind: 'key-create'; companyId: string; scopes: Scope[]; expiresAt?: string; integrationType?: string; active: boolean; mode: KeyMode }
  | { kind: 'key-revoke'; keyId: string }
  | { kind: 'box-create'; companyId: string; name: string; length: number; width: number; height: number; weight?: number; isMetric: boolean }
  | { kind: 'blacklist-add'; companyId: string; account: string }
  | { kind: 'seed' }
  | { kind: 'outbox-list' }
  | { kind: 'shipment-advance'; orderId: string; status: OperatorStatus };

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

const parseOptions = (command: string, args: string[], options: OptionSpec): Record<string, string | boolean | undefined> => {
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

/** The environment the store needs for a target; apply it before the store modules load. */
export const targetEnv = (target: AdminTarget): Record<string, string | undefined> =>
  target.kind === 'local'
    ? localAwsEnv({
        dynamodbEndpoint: target.runtime.dynamodb.endpoint,
        s3Endpoint: target.runtime.s3.endpoint,
        region: target.runtime.region,
        tableName: target.runtime.tableName,
        bucketName: target.runtime.bucketName,
      })
    : {};

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

/**
 * Runs a parsed command against the table and bucket the environment names,
 * on `target` (resolveAdminTarget) where the command depends on it; returns
 * the JSON to print.
 */
export const executeAdminCommand = async (command: AdminCommand, target?: AdminTarget): Promise<unknown> => {
  switch (command.kind) {
    case 'help':
      return { usage: ADMIN_USAGE };
    case 'seed': {
      const { seedReferenceData } = await import('../shared/store/seed');
      return seedReferenceData();
    }
    case 'outbox-list':
      return outboxOf(target);
    case 'shipment-advance': {
      const [{ createTrackingService }, { defaultRegistry }] = await Promise.all([import('../shared/services/tracking'), import('../shared/carriers/registry')]);
      // Nothing of the service's logging belongs on the CLI's stdout, which is the command's JSON.
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      try {
        return await createTrackingService({ registry: defaultRegistry, logger: quiet }).advance(command.orderId, command.status);
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
