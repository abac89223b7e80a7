/** The local schedule (local/timer.ts): EventBridge's scheduled event at LOCAL_REFRESH_SECONDS, never two runs at once. */
import type { ScheduledEvent } from 'aws-lambda';
import { localRefreshSeconds, scheduledEvent, startTimer, type ScheduledHandler } from '../../../local/timer';

const fn = { name: 'tracking-refresh', entry: 'functions/tracking-refresh/handler.ts' };

describe('localRefreshSeconds', () => {
  it('is 30 unless LOCAL_REFRESH_SECONDS is set', () => {
    expect(localRefreshSeconds({})).toBe(30);
    expect(localRefreshSeconds({ LOCAL_REFRESH_SECONDS: '' })).toBe(30);
    expect(localRefreshSeconds({ LOCAL_REFRESH_SECONDS: '5' })).toBe(5);
  });

  it.each(['0', '-5', '1.5', 'soon', '86401'])('refuses %s: whole seconds from 1 to a day', (raw) => {
    expect(() => localRefreshSeconds({ LOCAL_REFRESH_SECONDS: raw })).toThrow(/LOCAL_REFRESH_SECONDS/);
  });
});

describe('scheduledEvent', () => {
  it('has the shape of an EventBridge "Scheduled Event", time in whole seconds', () => {
    expect(scheduledEvent('tracking-refresh', { region: 'eu-west-1', now: new Date('2026-05-01T12:00:00.789Z'), id: 'e1' })).toEqual({
      version: '0',
      id: 'e1',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '123456789012',
      time: '2026-05-01T12:00:00Z',
      region: 'eu-west-1',
      resources: ['arn:aws:events:eu-west-1:123456789012:rule/local-tracking-refresh'],
      detail: {},
    });
  });
});

describe('startTimer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('runs the handler once per interval, the first one interval after the start, with a scheduled event and a context', async () => {
    const events: ScheduledEvent[] = [];
    const handler = jest.fn<ReturnType<ScheduledHandler>, Parameters<ScheduledHandler>>(async (event) => {
      events.push(event);
    });
    const timer = startTimer({ fn, intervalMs: 30_000, loadHandler: () => handler, region: 'us-east-1' });
    await jest.advanceTimersByTimeAsync(29_999);
    expect(handler).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(events[0]).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events', region: 'us-east-1', detail: {} });
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(handler.mock.calls[0]![1]).toMatchObject({ functionName: 'local-tracking-refresh' });
    await timer.stop();
  });

  it('never starts a run while the previous one is still going', async () => {
    const slow = deferred();
    let active = 0;
    let most = 0;
    const handler: ScheduledHandler = async () => {
      active += 1;
      most = Math.max(most, active);
      await slow.promise;
      active -= 1;
    };
    const spy = jest.fn(handler);
    const log: string[] = [];
    const timer = startTimer({ fn, intervalMs: 1_000, loadHandler: () => spy, timeoutMs: 60_000, log: (line) => log.push(line) });
    await jest.advanceTimersByTimeAsync(3_500);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(log.filter((line) => line.includes('skipping'))).toHaveLength(2);
    slow.resolve();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    await timer.stop();
  });

  it('a failing run, or a handler that cannot load, is reported and the next tick runs as usual', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const loadHandler = (): ScheduledHandler => {
      calls += 1;
      if (calls === 1) throw new Error('Cannot find module functions/tracking-refresh/handler.ts');
      return async () => {
        if (calls === 2) throw new Error('carrier down');
      };
    };
    const log: string[] = [];
    const timer = startTimer({ fn, intervalMs: 1_000, loadHandler, warn: (line) => warnings.push(line), log: (line) => log.push(line) });
    await jest.advanceTimersByTimeAsync(3_000);
    expect(warnings).toEqual([expect.stringContaining('Cannot find module'), expect.stringContaining('carrier down')]);
    expect(log).toEqual([expect.stringMatching(/^tracking-refresh <- scheduled event -> ok/)]);
    await timer.stop();
  });

  it('stop() waits for the run in flight and no run follows it', async () => {
    const slow = deferred();
    const handler = jest.fn(async () => slow.promise);
    const timer = startTimer({ fn, intervalMs: 1_000, loadHandler: () => handler });
    await jest.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    await jest.advanceTimersByTimeAsync(5_000);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a run longer than the timeout is reported, and the next waits for it', async () => {
    const slow = deferred();
    const handler = jest.fn(async () => slow.promise);
    const warnings: string[] = [];
    const timer = startTimer({ fn, intervalMs: 1_000, timeoutMs: 1_500, loadHandler: () => handler, warn: (line) => warnings.push(line) });
    await jest.advanceTimersByTimeAsync(3_000);
    expect(warnings).toEqual([expect.stringContaining('ran longer than 1500 ms')]);
    expect(handler).toHaveBeenCalledTimes(1);
    slow.resolve();
    await timer.stop();
  });
});
