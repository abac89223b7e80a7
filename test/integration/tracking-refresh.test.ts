/**
 * The scheduled tracking refresh against DynamoDB Local (its own table, so
 * only this file's orders are due): it checks only the due orders, by one
 * Query per shard of the active-orders index, never a Scan; a failed check
 * is retried later and changes nothing else.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import { logger } from '../../shared/logger';
import { createTrackingService } from '../../shared/services/tracking';
import { ddb } from '../../shared/store/client';
import { keys } from '../../shared/store/keys';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

const { state, clock, registry, failing, shipOrder: shipFor } = sandboxOnClock();
let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});

const shipOrder = () => shipFor(apiKey);

const storedItem = async (orderId: string) => (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.order(orderId), ConsistentRead: true }))).Item!;


describe('the scheduled refresh', () => {
  it('checks only the due orders, by one Query per shard of the active-orders index, never a Scan', async () => {
    const base = new Date();
    state.now = base;
    const due = [await shipOrder(), await shipOrder(), await shipOrder()];
    // Ships later: not due yet when the refresh runs.
    state.now = new Date(base.getTime() + 60 * 60_000);
    const notDue = [await shipOrder(), await shipOrder()];
    const notDueBefore = await Promise.all(notDue.map((o) => storedItem(o.orderId)));

    const commands: string[] = [];
    const recorder = 'refreshRecorder';
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: recorder },
    );
    // The pending cadence is two hours: at base + 2.5 h the first three are due, the later two not.
    state.now = new Date(base.getTime() + 150 * 60_000);
    let summary;
    try {
      summary = await (createTrackingRefreshHandler(registry, { clock, pace: () => 1 }) as unknown as (e: unknown, c: unknown) => Promise<unknown>)({}, {});
    } finally {
      ddb.middlewareStack.remove(recorder);
    }
    expect(summary).toMatchObject({ checked: 3, failed: 0, more: false });
    expect(commands).not.toContain('ScanCommand');
    expect(commands.filter((c) => c === 'QueryCommand')).toHaveLength(4);
    expect(commands.filter((c) => c === 'UpdateItemCommand')).toHaveLength(3);
    for (const o of due) expect((await storedItem(o.orderId)).lastCheckedAt).toBe(state.now.toISOString());
    expect(await Promise.all(notDue.map((o) => storedItem(o.orderId)))).toEqual(notDueBefore);
  });

  it('a failed check is retried later and leaves the order as it was', async () => {
    const { orderId } = await shipOrder();
    state.now = new Date(state.now.getTime() + 20 * 3600_000);
    const summary = await createTrackingService({ registry: failing, clock, logger, pace: () => 1 }).refreshDue();
    expect(summary.failed).toBe(summary.checked);
    expect(summary.checked).toBeGreaterThanOrEqual(1);
    const item = await storedItem(orderId);
    expect(item.status).toBe('pending');
    expect(item.lastCheckedAt).toBeUndefined();
    expect(Date.parse(item.nextCheckAt as string)).toBeGreaterThan(state.now.getTime());
  });
});
