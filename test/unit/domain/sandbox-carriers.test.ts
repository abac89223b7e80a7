/** SANDBOX_CARRIERS (docs/decisions.md, "Sandbox carriers and live keys"): which keys a sandbox carrier answers, and the setting read strictly. */
import { config } from '../../../shared/config';
import { carrierServesKey, hiddenCarrierCodes, plansServingKey } from '../../../shared/domain/sandbox-carriers';
import { carriers } from '../../../shared/reference/carriers';
import { pricingPlans } from '../../../shared/reference/pricing-groups';

describe('which keys a carrier answers', () => {
  it.each([
    // setting, network, mode, answers
    ['all', 'sandbox', 'live', true],
    ['all', 'sandbox', 'test', true],
    ['test', 'sandbox', 'live', false],
    ['test', 'sandbox', 'test', true],
    ['off', 'sandbox', 'live', false],
    ['off', 'sandbox', 'test', false],
    ['test', 'live', 'live', true],
    ['off', 'live', 'test', true],
    // A carrier missing from the catalog counts as a sandbox one.
    ['test', undefined, 'live', false],
    ['all', undefined, 'live', true],
  ] as const)('%s: a %s carrier, a %s key: %s', (setting, network, mode, answers) => {
    expect(carrierServesKey(network, mode, setting)).toBe(answers);
  });

  it("with `test`, a live key has none of the seed's plans (every one is of a sandbox carrier), a test key all", () => {
    const defaults = pricingPlans.filter((p) => p.pricingGroupId === 'default');
    expect(plansServingKey(defaults, carriers, 'live', 'test')).toEqual([]);
    expect(plansServingKey(defaults, carriers, 'test', 'test')).toEqual(defaults);
    expect([...hiddenCarrierCodes(carriers, 'live', 'test')].sort()).toEqual(['CARRIERF', 'CARRIERX', 'CARRIERY', 'CARRIERZ']);
    expect(hiddenCarrierCodes(carriers, 'live', 'all').size).toBe(0);
  });
});

describe('config.sandboxCarriers', () => {
  const saved = process.env.SANDBOX_CARRIERS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_CARRIERS;
    else process.env.SANDBOX_CARRIERS = saved;
  });

  it('is `all` unless set, and each value as given', () => {
    delete process.env.SANDBOX_CARRIERS;
    expect(config.sandboxCarriers).toBe('all');
    for (const value of ['all', 'test', 'off'] as const) {
      process.env.SANDBOX_CARRIERS = value;
      expect(config.sandboxCarriers).toBe(value);
    }
  });

  it.each([['live'], ['TEST'], ['none'], [' test']])('refuses %p with the choices, never reading it as one of them', (value) => {
    process.env.SANDBOX_CARRIERS = value;
    expect(() => config.sandboxCarriers).toThrow(`SANDBOX_CARRIERS must be one of all, test, off, got "${value}"`);
  });
});
