import type { Scope } from '../../shared/functions';
import { defineCommand } from '../command';
import { requireCompany } from '../lookups';
import { InvalidValue, isoDate, keyMode } from '../values';

/** Every scope of the function list; the Record makes the compiler flag a scope added there and missing here. */
const SCOPES: Record<Scope, true> = {
  'shipments:rate': true,
  'shipments:create': true,
  'shipments:labels': true,
  'shipments:track': true,
  'shipments:cancel': true,
  'shipments:manifest': true,
  'shipments:pickup': true,
  'webhooks:manage': true,
  'addresses:validate': true,
};
export const knownScopes = Object.keys(SCOPES) as Scope[];

const scopeList = (value: string, option: string): Scope[] => {
  const listed = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length === 0) throw new InvalidValue(`${option} needs at least one scope; leave it out for a key with every scope`);
  const unknown = listed.filter((s) => !knownScopes.includes(s as Scope));
  if (unknown.length > 0) throw new InvalidValue(`unknown scope ${unknown.join(', ')}; known: ${knownScopes.join(', ')}`);
  return [...new Set(listed)] as Scope[];
};

export const keyCreate = defineCommand({
  kind: 'key-create',
  words: 'key create',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company the key belongs to' },
    scopes: { type: 'string', value: 'a,b', description: 'the scopes it may use, comma-separated (left out: every scope)', parse: scopeList },
    'expires-at': { type: 'string', value: 'ISO-8601', description: 'when it stops working: a date, or a date-time with zone', parse: isoDate },
    'integration-type': { type: 'string', value: 'T', description: 'what integrates with it (default: public-api)' },
    inactive: { type: 'boolean', description: 'created inactive' },
    mode: { type: 'string', value: 'live|test', description: 'a live key (default) or a test key, whose rates and orders are test ones', parse: keyMode },
  },
  help: [
    '-> {"keyId","apiKey"}   (no --scopes: empty scopes, every scope allowed; --mode test: a test key,',
    '   with the test prefix, whose rates and orders are test ones; live by default)',
  ],
  build: (v) => ({
    companyId: v.company,
    scopes: v.scopes ?? [],
    ...(v['expires-at'] !== undefined ? { expiresAt: v['expires-at'] } : {}),
    ...(v['integration-type'] !== undefined ? { integrationType: v['integration-type'] } : {}),
    active: !v.inactive,
    mode: v.mode ?? 'live',
  }),
  run: async (command) => {
    await requireCompany(command.companyId);
    const { createApiKey } = await import('../../shared/store/api-keys');
    return createApiKey({
      companyId: command.companyId,
      scopes: command.scopes,
      active: command.active,
      mode: command.mode,
      ...(command.expiresAt ? { expiresAt: command.expiresAt } : {}),
      ...(command.integrationType ? { integrationType: command.integrationType } : {}),
    });
  },
});
