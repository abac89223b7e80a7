/** Batches' pure rules (docs/batches.md): which rate a rating item buys, its message group, the status of the counts. */
import { messageGroupOf, selectRate, statusOfCounts, type QuotedRate } from '../../../shared/domain/batch';

const quote = (id: string, carrier: string, service: string, amount: number, commitDate?: string): QuotedRate => ({
  rateResponseId: id,
  carrier: { code: carrier },
  service: { code: service },
  rate: { totals: { account: { total: { amount } } } },
  commitment: commitDate ? { commitDate, commitTime: '17:00' } : null,
});
const rates = [
  quote('x-ground', 'CARRIERX', 'GROUND', 12, '2026-12-04'),
  quote('x-express', 'CARRIERX', 'EXPRESS', 30, '2026-12-01'),
  quote('y-ground', 'CARRIERY', 'GROUND', 10),
  quote('y-priority', 'CARRIERY', 'PRIORITY', 25, '2026-12-01'),
];

describe('selectRate', () => {
  it('cheapest by default: the lowest account total', () => expect(selectRate(rates, {})?.rateResponseId).toBe('y-ground'));
  it('fastest: the earliest commitment, the cheaper of a tie; a rate without one is slowest', () =>
    expect(selectRate(rates, { rule: 'fastest' })?.rateResponseId).toBe('y-priority'));
  it('filters by carrier and service first', () => {
    expect(selectRate(rates, { carrier: 'CARRIERX' })?.rateResponseId).toBe('x-ground');
    expect(selectRate(rates, { carrier: 'CARRIERX', rule: 'fastest' })?.rateResponseId).toBe('x-express');
    expect(selectRate(rates, { service: 'PRIORITY' })?.rateResponseId).toBe('y-priority');
  });
  it('none when nothing passes the filters', () => expect(selectRate(rates, { carrier: 'CARRIERZ' })).toBeUndefined());
});

describe('messageGroupOf', () => {
  it('spreads one account over exactly perAccount groups', () => {
    const groups = new Set(Array.from({ length: 1000 }, (_, i) => messageGroupOf('acct-1', i, 4)));
    expect([...groups].sort()).toEqual(['acct-1#0', 'acct-1#1', 'acct-1#2', 'acct-1#3']);
  });
  it('keeps accounts apart', () => expect(messageGroupOf('a', 0, 4)).not.toBe(messageGroupOf('b', 0, 4)));
});

describe('statusOfCounts', () => {
  it('processing while items are pending', () => expect(statusOfCounts({ pending: 1, failed: 3 })).toBe('processing'));
  it('completed when none failed', () => expect(statusOfCounts({ pending: 0, failed: 0 })).toBe('completed'));
  it('completed_with_errors when any failed', () => expect(statusOfCounts({ pending: 0, failed: 1 })).toBe('completed_with_errors'));
});
