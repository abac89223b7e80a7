import { defineCommand } from '../command';

export const batchList = defineCommand({
  kind: 'batch-list',
  words: 'batch list',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company' },
  },
  help: [
    '-> [{"batchId","status","mode","reference","counts":{"total","shipped","failed","cancelled","pending"},"createdDate",...}]',
    "   (the company's batches of both modes, newest first: docs/batches.md)",
  ],
  build: (v) => ({ companyId: v.company }),
  run: async (command) => {
    const { companyBatches } = await import('../../shared/services/batches');
    return companyBatches(command.companyId);
  },
});
