import { adapters, createCarrierRegistry, getAdapter } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import type { CarrierTransport } from '../../../shared/carriers/port';
import { carriers } from '../../../shared/reference/carriers';
import { quotesOf, rateInput } from './fixtures';

describe('carrier registry', () => {
  it('has one adapter per reference carrier, of the same kind', () => {
    expect(adapters.map((a) => [a.code, a.kind])).toEqual(carriers.map((c) => [c.code, c.kind]));
  });

  it('finds an adapter by carrier code, whatever its case', () => {
    expect(getAdapter('CARRIERY')?.code).toBe('CARRIERY');
    expect(getAdapter('carrierf')?.code).toBe('CARRIERF');
  });

  it('answers undefined for a code no adapter serves', () => {
    expect(getAdapter('CARRIERQ')).toBeUndefined();
    expect(getAdapter('')).toBeUndefined();
  });

  it('a real carrier is a new transport behind the same adapter', async () => {
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
    const adapter = registry.getAdapter('CARRIERZ')!;
    const input = rateInput('CARRIERZ');
    await expect(quotesOf(adapter, input)).resolves.toEqual([]);
    expect(sent).toEqual([await adapter.buildRateRequest(input)]);
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
    const adapter = createCarrierRegistry({ ...createSandboxTransports(), CARRIERY: confused }).getAdapter('CARRIERY')!;
    await expect(quotesOf(adapter, rateInput('CARRIERY'))).rejects.toThrow(/quote of CARRIERX/);
  });
});
