import { carriers } from '../../shared/reference/carriers';
import { pricingPlans } from '../../shared/reference/pricing-groups';
import { defineCommand } from '../command';
import { sandboxCarriersNote } from '../target';

export const seed = defineCommand({
  kind: 'seed',
  words: 'seed',
  options: {},
  help: [
    '-> {"items":N}   (loads the reference data; idempotent. Its plans quote the sandbox',
    '   carriers, which answer only the keys SANDBOX_CARRIERS allows: prod test keys only)',
  ],
  build: () => ({}),
  run: async (_command, { target, io }) => {
    const { seedReferenceData } = await import('../../shared/store/seed');
    const seeded = await seedReferenceData();
    const sandbox = new Set(carriers.filter((c) => c.network === 'sandbox').map((c) => c.code));
    const planned = [...new Set(pricingPlans.map((p) => p.carrierCode))].filter((code) => sandbox.has(code));
    if (planned.length > 0) io.note?.(`the seed's pricing plans quote ${sandboxCarriersNote(planned, target)}`);
    return seeded;
  },
});
