import { createCarrierRegistry, defaultRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import type { CarrierTransport } from '../../../shared/carriers/connector';
import { carriers } from '../../../shared/reference/carriers';
import { quotesOf, rateInput } from './fixtures';

describe('carrier registry', () => {
  it('has one port per reference carrier, of the same kind', () => {
    expect(defaultRegistry.ports.map((p) => [p.code, p.kind])).toEqual(carriers.map((c) => [c.code, c.kind]));
  });

  it('finds a port by carrier code, whatever its case', () => {
    expect(defaultRegistry.port('CARRIERY')?.code).toBe('CARRIERY');
    expect(defaultRegistry.port('carrierf')?.code).toBe('CARRIERF');
  });

  it('answers undefined for a code no connector serves', () => {
    expect(defaultRegistry.port('CARRIERQ')).toBeUndefined();
    expect(defaultRegistry.port('')).toBeUndefined();
  });

  it('another transport behind the same connector gets the request the connector built', async () => {
    const sent: unknown[] = [];
    const recording: CarrierTransport<unknown> = {
      async rate(request) {
        sent.push(request);
        return { quotes: [] };
      },
      ship: () => Promise.reject(new Error('rating only')),
      track: () => Promise.reject(new Error('rating only')),
      cancel: () => Promise.reject(new Error('rating only')),
    };
    const registry = createCarrierRegistry({ ...createSandboxTransports(), CARRIERZ: recording });
    const carrier = registry.port('CARRIERZ')!;
    const input = rateInput('CARRIERZ');
    await expect(quotesOf(carrier, input)).resolves.toEqual([]);
    expect(sent).toEqual([await carrier.buildRateRequest(input)]);
  });

  it('a quote of another carrier in the answer is an error', async () => {
    const confused: CarrierTransport<unknown> = {
      rate: async () => ({
        quotes: [{ carrierCode: 'CARRIERX', serviceCode: 'S', currency: 'CAD', fxRate: 1, charges: [], taxes: [], commitment: null }],
      }),
      ship: () => Promise.reject(new Error('rating only')),
      track: () => Promise.reject(new Error('rating only')),
      cancel: () => Promise.reject(new Error('rating only')),
    };
    const carrier = createCarrierRegistry({ ...createSandboxTransports(), CARRIERY: confused }).port('CARRIERY')!;
    await expect(quotesOf(carrier, rateInput('CARRIERY'))).rejects.toThrow(/quote of CARRIERX/);
  });
});
