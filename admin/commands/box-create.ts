import { defineCommand } from '../command';
import { requireCompany } from '../lookups';
import { positiveNumber } from '../values';

export const boxCreate = defineCommand({
  kind: 'box-create',
  words: 'box create',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company whose box it is' },
    name: { type: 'string', value: 'N', required: true, description: 'the box name' },
    length: { type: 'string', value: 'L', required: true, description: 'outer length (inches; centimetres with --metric)', parse: positiveNumber },
    width: { type: 'string', value: 'W', required: true, description: 'outer width', parse: positiveNumber },
    height: { type: 'string', value: 'H', required: true, description: 'outer height', parse: positiveNumber },
    weight: { type: 'string', value: 'X', description: 'the empty box weight (pounds; kilograms with --metric)', parse: positiveNumber },
    metric: { type: 'boolean', description: 'the sizes are centimetres and kilograms' },
  },
  help: ['-> {"id"}'],
  build: (v) => ({
    companyId: v.company,
    name: v.name,
    length: v.length,
    width: v.width,
    height: v.height,
    ...(v.weight !== undefined ? { weight: v.weight } : {}),
    isMetric: v.metric,
  }),
  run: async (command) => {
    await requireCompany(command.companyId);
    const { createCustomBox } = await import('../../shared/services/catalog');
    const box = await createCustomBox(command.companyId, {
      name: command.name,
      length: command.length,
      width: command.width,
      height: command.height,
      isMetric: command.isMetric,
      ...(command.weight !== undefined ? { weight: command.weight } : {}),
    });
    return { id: box.id };
  },
});
