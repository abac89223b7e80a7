import { defineCommand } from '../command';
import { carrierCode, keyMode } from '../values';

/** Pickups read per page; the command reads every page. */
const PAGE = 50;

export const pickupList = defineCommand({
  kind: 'pickup-list',
  words: 'pickup list',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company' },
    carrier: { type: 'string', value: 'CODE', description: "only that carrier's pickups", parse: carrierCode },
    mode: { type: 'string', value: 'live|test', description: 'the pickups of live (default) or test keys', parse: keyMode },
  },
  help: [
    '-> [{"pickupId","carrierCode","status","confirmationNumber","pickupDate","window","orders",...}]',
    "   (the company's pickups of that mode, newest first: docs/pickups.md)",
  ],
  build: (v) => ({ companyId: v.company, mode: v.mode ?? 'live', ...(v.carrier !== undefined ? { carrierCode: v.carrier } : {}) }),
  run: async (command) => {
    const { listPickups } = await import('../../shared/store/pickups');
    const pickups: Array<Record<string, unknown>> = [];
    let after: string | undefined;
    do {
      const page = await listPickups(command.companyId, command.mode, {
        limit: PAGE,
        ...(command.carrierCode ? { carrierCode: command.carrierCode } : {}),
        ...(after ? { after } : {}),
      });
      pickups.push(...page.pickups);
      after = page.last;
    } while (after);
    return pickups;
  },
});
