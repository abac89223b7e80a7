import { assertBillingAllowed, isThirdPartyBilling, normalizeAccountNumber } from '../../../../shared/domain/rate';
import { appErrorOf } from './fixtures';

describe('third-party billing at rate time (spec 2.11, part 7)', () => {
  test('type thirdParty starts the third-party flow; anything else does not', () => {
    expect(isThirdPartyBilling({ type: 'thirdParty' })).toBe(true);
    expect(isThirdPartyBilling({ type: 'account' })).toBe(false);
    expect(isThirdPartyBilling(undefined)).toBe(false);
  });

  test('a blacklisted bill-to account is a 400', () => {
    const error = appErrorOf(() => assertBillingAllowed({ type: 'thirdParty', thirdPartyShipperNumber: 'BAD-1' }, ['BAD-1']));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'billingOptions.thirdPartyShipperNumber is not allowed for third-party billing by this organization',
    });
  });

  test('the blacklist matches without case, spaces or dashes', () => {
    expect(normalizeAccountNumber(' ab-12 3 ')).toBe('AB123');
    expect(() => assertBillingAllowed({ type: 'thirdParty', thirdPartyShipperNumber: 'bad 1' }, ['BAD-1'])).toThrow();
  });

  test('an account not on the blacklist is allowed', () => {
    expect(() => assertBillingAllowed({ type: 'thirdParty', thirdPartyShipperNumber: 'GOOD-1' }, ['BAD-1'])).not.toThrow();
  });

  test('third-party billing needs a bill-to account', () => {
    for (const thirdPartyShipperNumber of [undefined, '', ' - ']) {
      expect(appErrorOf(() => assertBillingAllowed({ type: 'thirdParty', thirdPartyShipperNumber }, [])).message).toBe(
        'billingOptions.thirdPartyShipperNumber is required when billingOptions.type is thirdParty',
      );
    }
  });

  test('without third-party billing the blacklist is not consulted', () => {
    expect(() => assertBillingAllowed({ type: 'account', thirdPartyShipperNumber: 'BAD-1' }, ['BAD-1'])).not.toThrow();
    expect(() => assertBillingAllowed(undefined, ['BAD-1'])).not.toThrow();
  });
});
