import { operatorStatuses, type OperatorStatus } from '../../shared/domain/tracking';
import { defineCommand } from '../command';
import { AdminError } from '../errors';
import { InvalidValue, uuidOf } from '../values';

export const shipmentAdvance = defineCommand({
  kind: 'shipment-advance',
  words: 'shipment advance',
  options: {
    order: { type: 'string', value: 'ID', required: true, description: 'the order id', parse: uuidOf('an order id') },
    status: {
      type: 'string',
      value: operatorStatuses.join('|'),
      required: true,
      description: 'the status it moves on to',
      parse: (value, option): OperatorStatus => {
        if (!(operatorStatuses as string[]).includes(value)) throw new InvalidValue(`${option} must be one of ${operatorStatuses.join(', ')}, got "${value}"`);
        return value as OperatorStatus;
      },
    },
  },
  help: ['-> {"orderId","transitStatus"}   (sandbox: moves the order on as a carrier update would,', '   so the status e-mails and webhooks follow)'],
  build: (v) => ({ orderId: v.order, status: v.status }),
  run: async ({ orderId, status }) => {
    const [{ createOperatorAdvance }, { processRuntime }] = await Promise.all([
      import('../../shared/services/tracking/advance'),
      import('../../shared/process-runtime'),
    ]);
    try {
      return await createOperatorAdvance(processRuntime).advance(orderId, status);
    } catch (e) {
      throw new AdminError(`shipment advance: ${(e as Error).message}`);
    }
  },
});
