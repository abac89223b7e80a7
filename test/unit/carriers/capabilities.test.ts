/**
 * A capability is declared once (shared/carriers/port.ts): each profile
 * declares what its carrier does, its connector implements exactly that, and
 * the registry binds both alike for every carrier, so the port has a
 * capability where its profile declares it, before the connector loads.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { bindConnector } from '../../../shared/carriers/connector';
import { CAPABILITIES, CORE, type CapabilityName } from '../../../shared/carriers/port';
import { CARRIER_PROFILES, createCarrierRegistry, loadConnectors, sandboxTransportFor, type CarrierProfile } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import type { ShipmentRef } from '../../../shared/domain/carrier';
import { noSignal, shipInput } from './ship-fixtures';

const root = path.resolve(__dirname, '../../..');
const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as CapabilityName[];
const declaredOf = (profile: CarrierProfile) =>
  Object.keys(profile.capabilities)
    .filter((name) => profile.capabilities[name as CapabilityName] !== undefined)
    .sort();
const keysOf = (value: unknown) => Object.keys(value as object).sort();

describe('profiles and connectors', () => {
  it('one profile per code, in the order of the codes', () => {
    const codes = CARRIER_PROFILES.map((p) => p.code);
    expect(codes).toEqual([...new Set(codes)].sort());
  });

  it('every profile declares only capabilities of the vocabulary, and its connector implements exactly those, each operation of each', async () => {
    const connectors = await loadConnectors();
    connectors.forEach((connector, i) => {
      const profile = CARRIER_PROFILES[i]!;
      for (const name of Object.keys(CORE))
        expect([profile.code, name, typeof (connector as unknown as Record<string, unknown>)[name]]).toEqual([profile.code, name, 'function']);
      // A live carrier makes its client for each call, under an account whose credential fields its profile names; a sandbox one is given its transport.
      expect([profile.code, typeof connector.client]).toEqual([profile.code, profile.network === 'live' ? 'function' : 'undefined']);
      expect([profile.code, (profile.account?.credentialFields.length ?? 0) > 0]).toEqual([profile.code, profile.network === 'live']);
      expect(declaredOf(profile).filter((name) => !CAPABILITY_NAMES.includes(name as CapabilityName))).toEqual([]);
      expect([profile.code, keysOf(connector.capabilities ?? {})]).toEqual([profile.code, declaredOf(profile)]);
      for (const name of declaredOf(profile) as CapabilityName[]) {
        const implemented = connector.capabilities![name] as Record<string, unknown>;
        expect([profile.code, name, keysOf(implemented)]).toEqual([profile.code, name, keysOf(CAPABILITIES[name].operations)]);
        for (const operation of Object.keys(implemented))
          expect([profile.code, name, operation, typeof implemented[operation]]).toEqual([profile.code, name, operation, 'function']);
      }
    });
  });

  it('a carrier that declares a capability its connector lacks is refused when the connector is bound, naming both', async () => {
    const carrierZ = CARRIER_PROFILES.find((p) => p.code === 'CARRIERZ')!;
    const claiming: CarrierProfile = { ...carrierZ, capabilities: { refund: true } };
    const connector = await carrierZ.load();
    expect(() => bindConnector(claiming, connector, sandboxTransportFor(createSandboxTransports()))).toThrow(
      "CARRIERZ's connector has no refund.request, which its profile says it has",
    );
  });
});

describe('the registry', () => {
  /** The profiles, each counting the loads of its connector. */
  const counted = () => {
    const loads = new Map<string, number>();
    const profiles = CARRIER_PROFILES.map((profile) => ({
      ...profile,
      load: () => {
        loads.set(profile.code, (loads.get(profile.code) ?? 0) + 1);
        return profile.load();
      },
    }));
    return { loads, profiles };
  };

  it("gives every carrier the core operations and exactly its profile's capabilities, each with its operations and settings, before its connector loads", () => {
    const { loads, profiles } = counted();
    const registry = createCarrierRegistry(createSandboxTransports(), {}, profiles);
    for (const profile of CARRIER_PROFILES) {
      const port = registry.port(profile.code)! as unknown as Record<string, unknown>;
      expect([profile.code, keysOf(port)]).toEqual([profile.code, ['code', 'kind', ...Object.keys(CORE), ...declaredOf(profile)].sort()]);
      expect([port.code, port.kind]).toEqual([profile.code, profile.kind]);
      for (const name of declaredOf(profile) as CapabilityName[]) {
        const declaration = profile.capabilities[name]!;
        const settings = declaration === true ? [] : Object.keys(declaration);
        expect([profile.code, name, keysOf(port[name])]).toEqual([profile.code, name, [...Object.keys(CAPABILITIES[name].operations), ...settings].sort()]);
        for (const setting of settings) expect((port[name] as Record<string, unknown>)[setting]).toBe((declaration as Record<string, unknown>)[setting]);
      }
    }
    expect(loads.size).toBe(0);
  });

  it('finds a carrier by code, whatever its case', () => {
    const registry = createCarrierRegistry(createSandboxTransports());
    expect(registry.port('carriery')?.code).toBe('CARRIERY');
    expect(registry.port('CARRIERF')?.kind).toBe('freight');
    expect(registry.port('CARRIERQ')).toBeUndefined();
    expect(registry.ports.map((p) => p.code)).toEqual(CARRIER_PROFILES.map((p) => p.code));
    expect(registry.sandboxPorts.map((p) => p.code)).toEqual(CARRIER_PROFILES.filter((p) => p.network === 'sandbox').map((p) => p.code));
  });

  it("reads a push through the carrier's connector, loaded on the first push: the carrier's own header check, then its body", async () => {
    const { loads, profiles } = counted();
    const pushing = profiles.find((p) => p.capabilities.push)!;
    const push = createCarrierRegistry(createSandboxTransports(), {}, profiles).port(pushing.code)!.push!;
    expect(await push.authenticate({ 'x-api-key': 'someone else' }, 'client')).toEqual({ ok: false, reason: expect.stringContaining('x-api-key') });
    expect(await push.parseEvents(Buffer.from('{}'), {})).toMatchObject({ ok: false, status: 400 });
    expect(loads.get(pushing.code)).toBe(1);
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'])('ships, tracks and voids %s as its connector bound at once does', async (code) => {
    const transports = createSandboxTransports();
    const lazy = createCarrierRegistry(transports).port(code)!;
    const profile = CARRIER_PROFILES.find((p) => p.code === code)!;
    const eager = bindConnector(profile, await profile.load(), sandboxTransportFor(transports));
    const input = shipInput(code);
    const shipped = await lazy.ship(input, noSignal());
    expect(shipped).toEqual(await eager.ship(input, noSignal()));
    const ref: ShipmentRef = {
      reference: input.reference,
      trackingNumber: shipped.trackingNumber,
      ...(shipped.shipmentId ? { shipmentId: shipped.shipmentId } : {}),
    };
    expect(await lazy.track(ref, noSignal())).toEqual(await eager.track(ref, noSignal()));
    // Voided, or refused once picked up: the same either way.
    const outcome = (voiding: Promise<void>) =>
      voiding.then(
        () => 'voided',
        (error: unknown) => String(error),
      );
    expect(await outcome(lazy.cancel(ref, noSignal()))).toEqual(await outcome(eager.cancel(ref, noSignal())));
  });

  it('loads a connector once, and again after a load that failed', async () => {
    const real = CARRIER_PROFILES.find((p) => p.code === 'CARRIERZ')!;
    let calls = 0;
    const flaky: CarrierProfile = {
      ...real,
      load: async () => {
        calls += 1;
        if (calls === 1) throw new Error('chunk not found');
        return real.load();
      },
    };
    const carrier = createCarrierRegistry(createSandboxTransports(), {}, [flaky]).port('CARRIERZ')!;
    const input = shipInput('CARRIERZ');
    await expect(carrier.ship(input, noSignal())).rejects.toThrow('chunk not found');
    await expect(carrier.ship(input, noSignal())).resolves.toMatchObject({ trackingNumber: expect.any(String) });
    await carrier.ship(input, noSignal());
    expect(calls).toBe(2);
  });
});

/**
 * The capabilities are named by the vocabulary, the profiles that declare
 * them, the connectors that implement them and the services that call
 * them, never by the binding: the connector, the profile, the registry and
 * the data of the port carry none (comments aside).
 */
describe('a capability is declared once', () => {
  const BINDING = ['shared/carriers/connector.ts', 'shared/carriers/profile.ts', 'shared/carriers/registry.ts', 'shared/domain/carrier.ts'];
  // The settings' names too, where a word is the setting's alone (`countries` is also an address's word).
  const NAMES = [...CAPABILITY_NAMES, 'voidWindowDays', 'maxPerCall'];
  const codeLines = (file: string) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: line.replace(/\s\/\/.*$/, ''), at: `${file}:${i + 1}` }))
      .filter(({ line }) => !/^\s*(\*|\/\*|\/\/)/.test(line));
  // A capability's name as a word, but not a method call (an array's `push(`).
  const naming = (line: string) => NAMES.filter((name) => new RegExp(`\\b${name}\\b(?!\\s*\\()`).test(line));

  it('the check sees a capability where one is named', () => {
    expect(naming('findShipments: { voidWindowDays: 28 },')).toEqual(['findShipments', 'voidWindowDays']);
    expect(naming('if (carrier.closeOut) return;')).toEqual(['closeOut']);
    expect(naming('lines.push(line);')).toEqual([]);
    expect(naming('type CloseOutInput = {};')).toEqual([]);
  });

  it.each(BINDING)('%s names none', (file) => {
    expect(codeLines(file).flatMap(({ line, at }) => naming(line).map((name) => `${at}: ${name}`))).toEqual([]);
  });
});
