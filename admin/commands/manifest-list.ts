import { defineCommand } from '../command';
import { carrierCode, keyMode } from '../values';

/** Manifests read per page; the command reads every page. */
const PAGE = 50;

export const manifestList = defineCommand({
  kind: 'manifest-list',
  words: 'manifest list',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company' },
    carrier: { type: 'string', value: 'CODE', description: "only that carrier's manifests", parse: carrierCode },
    mode: { type: 'string', value: 'live|test', description: 'the manifests of live (default) or test orders', parse: keyMode },
  },
  help: [
    '-> [{"manifestId","carrierCode","accountNumber","shipDate","status","orders",...}]   (the company\'s',
    '   end-of-day manifests of that mode, newest ship date first: docs/manifests.md)',
  ],
  build: (v) => ({ companyId: v.company, mode: v.mode ?? 'live', ...(v.carrier !== undefined ? { carrierCode: v.carrier } : {}) }),
  run: async (command) => {
    const { listManifests } = await import('../../shared/store/manifests');
    const manifests: Array<Record<string, unknown>> = [];
    let after: string | undefined;
    do {
      const page = await listManifests(command.companyId, command.mode, {
        limit: PAGE,
        ...(command.carrierCode ? { carrierCode: command.carrierCode } : {}),
        ...(after ? { after } : {}),
      });
      manifests.push(...page.manifests.map(({ lines: _lines, ...m }) => m));
      after = page.last;
    } while (after);
    return manifests;
  },
});
