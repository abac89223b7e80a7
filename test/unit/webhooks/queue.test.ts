/**
 * The webhook delivery queue's messages are read by one schema
 * (shared/webhooks/queue.ts): a body that is not one of ours is no message.
 */
import { parseDeliveryMessage } from '../../../shared/webhooks/queue';

const message = { companyId: 'c1', webhookId: 'w1', deliveryId: `msg_${'A'.repeat(26)}`, attempts: 2 };

describe('a delivery message as received', () => {
  it('is read with its four fields, and nothing else is kept', () => {
    expect(parseDeliveryMessage(JSON.stringify(message))).toEqual(message);
    expect(parseDeliveryMessage(JSON.stringify({ ...message, body: 'x', secret: 'y' }))).toEqual(message);
  });

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['an array', '[]'],
    ['attempts missing', JSON.stringify({ ...message, attempts: undefined })],
    ['attempts not a whole number', JSON.stringify({ ...message, attempts: 1.5 })],
    ['attempts a string', JSON.stringify({ ...message, attempts: '1' })],
    ['a field not a string', JSON.stringify({ ...message, webhookId: 7 })],
  ])('%s is no message', (_what, body) => {
    expect(parseDeliveryMessage(body)).toBeUndefined();
  });
});
