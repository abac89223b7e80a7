/**
 * SANDBOX_SHIP_CRASH=<n> (local/sandbox-hooks.ts over
 * shared/carriers/sandbox/crash.ts): the next n ships die after the carrier
 * shipped, read through shared/config.ts, a whole number.
 */
import { sandboxShipCrash } from '../../../shared/carriers/sandbox/crash';
import { localHandlerOverride } from '../../../local/sandbox-hooks';

const ship = { name: 'ship' };

it('the next n ships die after the carrier call, then none', () => {
  const crash = sandboxShipCrash(2);
  expect(crash).toThrow('sandbox: injected crash after the carrier call (SANDBOX_SHIP_CRASH)');
  expect(crash).toThrow('injected crash');
  expect(crash()).toBeUndefined();
});

it('the ship function gets the hook only with the variable set', () => {
  expect(localHandlerOverride(ship, {})).toBeUndefined();
  expect(localHandlerOverride({ name: 'rate' }, { SANDBOX_SHIP_CRASH: '1' })).toBeUndefined();
  expect(localHandlerOverride(ship, { SANDBOX_SHIP_CRASH: '1' })).toEqual(expect.any(Function));
});

it('a value that is not a whole number stops the hook at its load, naming the variable, never crashing every ship', () => {
  expect(() => localHandlerOverride(ship, { SANDBOX_SHIP_CRASH: 'many' })).toThrow('SANDBOX_SHIP_CRASH must be a number, got "many"');
  expect(() => localHandlerOverride(ship, { SANDBOX_SHIP_CRASH: '1.5' })).toThrow('SANDBOX_SHIP_CRASH must be a whole number, 0 or more, got "1.5"');
});
