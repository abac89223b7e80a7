/** The store's one expression builder: every name and value through a placeholder, a clash refused before DynamoDB sees it. */
import { all, any, conditionOf, expressionOf, itemAbsent, itemExists, requestPlaceholders } from '../../../shared/store/expressions';

describe('expressionOf', () => {
  it('puts every attribute name and value of a condition through a placeholder, the same name always the same one', () => {
    const e = expressionOf();
    const condition = e.expression(
      all(e.exists('pk'), e.equals('state', 'held'), `${e.path('check', 'at')} < ${e.value('stale', '2026-01-01T00:00:00.000Z')}`),
    );
    expect(condition).toEqual({
      expression: '(attribute_exists(#pk)) AND (#state = :state) AND (#check.#at < :stale)',
      names: { '#pk': 'pk', '#state': 'state', '#check': 'check', '#at': 'at' },
      values: { ':state': 'held', ':stale': '2026-01-01T00:00:00.000Z' },
    });
  });

  it('writes an update: its own clauses first, then each attribute set and removed', () => {
    const e = expressionOf();
    const counted = e.name('count');
    const update = e.update({ set: { dueAt: '2026-02-01', 'due-shard': 3 }, remove: ['check'] }, { set: [`${counted} = ${counted} + ${e.value('one', 1)}`] });
    expect(e.expression(update)).toEqual({
      expression: 'SET #count = #count + :one, #dueAt = :set_dueAt, #due_shard = :set_due_shard REMOVE #check',
      names: { '#count': 'count', '#dueAt': 'dueAt', '#due_shard': 'due-shard', '#check': 'check' },
      values: { ':one': 1, ':set_dueAt': '2026-02-01', ':set_due_shard': 3 },
    });
  });

  it('carries only the placeholders made so far, so an expression sent alone names none it does not use', () => {
    const e = expressionOf();
    const first = e.expression(e.equals('orderId', 'o1'));
    e.equals('status', 'cancelled');
    expect(first).toEqual({ expression: '#orderId = :orderId', names: { '#orderId': 'orderId' }, values: { ':orderId': 'o1' } });
  });

  it('refuses two attributes that would share a placeholder, and a role given two values', () => {
    const e = expressionOf();
    e.name('due-at');
    expect(() => e.name('due_at')).toThrow('placeholder #due_at names two attributes');
    e.value('token', 'a');
    expect(() => e.value('token', 'b')).toThrow('placeholder :token has two values');
  });

  it('writes key conditions, filters and comparisons', () => {
    const e = expressionOf();
    expect(e.beginsWith('sk', 'ORDER#')).toBe('begins_with(#sk, :sk)');
    expect(e.between('sk', 'a', 'b', ['from', 'to'])).toBe('#sk BETWEEN :from AND :to');
    expect(e.compare('count', '<', 10, 'max')).toBe('#count < :max');
    expect(e.contains('blacklist', 'acct', 'account')).toBe('contains(#blacklist, :account)');
    expect(any('a', 'b')).toBe('(a) OR (b)');
  });
});

describe('the request parts', () => {
  it('merge the placeholders of a condition and an update into one namespace', () => {
    const e = expressionOf();
    const update = e.expression(e.update({ set: { pending: ['m1'] } }));
    const condition = e.expression(`${e.equals('token', 't')} AND ${e.equals('state', 'closing', 'held')}`);
    expect(requestPlaceholders(update, condition)).toEqual({
      ExpressionAttributeNames: { '#pending': 'pending', '#token': 'token', '#state': 'state' },
      ExpressionAttributeValues: { ':set_pending': ['m1'], ':token': 't', ':held': 'closing' },
    });
  });

  it('refuse a placeholder that means two things in one request', () => {
    expect(() =>
      requestPlaceholders({ expression: '#a = :v', names: { '#a': 'a' }, values: { ':v': 1 } }, { expression: '#a = :v', names: { '#a': 'b' } }),
    ).toThrow('placeholder #a names two attributes');
    expect(() => requestPlaceholders({ expression: ':v', values: { ':v': 1 } }, { expression: ':v', values: { ':v': 2 } })).toThrow(
      'placeholder :v has two values',
    );
  });

  it('give the item conditions of a create and a change, ready for a command built by hand', () => {
    expect(conditionOf(itemAbsent())).toEqual({ ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } });
    expect(conditionOf(itemExists())).toEqual({ ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } });
  });
});
