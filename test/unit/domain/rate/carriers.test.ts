import { carriersToQuote, type CarriersToQuoteInput } from '../../../../shared/domain/rate';
import { services } from '../../../../shared/reference/carriers';

const GROUP = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'];
const quoted = (request: CarriersToQuoteInput['request'], extra: Partial<CarriersToQuoteInput> = {}) =>
  carriersToQuote({ request, groupCarriers: GROUP, ...extra });

describe('which carriers are quoted', () => {
  test('shippingType omitted: every carrier of the pricing group, in its order', () => {
    expect(quoted({})).toEqual(GROUP);
  });

  test.each(['all', 'cheapest', 'fastest', 'ALL', 'Cheapest'])('carrier %s: every carrier of the group', (carrier) => {
    expect(quoted({ shippingType: { carrier } })).toEqual(GROUP);
  });

  test('a carrier code: that carrier only, matched without case and spelled as in the group', () => {
    expect(quoted({ shippingType: { carrier: 'carriery' } })).toEqual(['CARRIERY']);
  });

  test('a carrier code outside the pricing group: nobody (422 NO_RATES)', () => {
    expect(quoted({ shippingType: { carrier: 'CARRIERF' } }, { groupCarriers: ['CARRIERX', 'CARRIERY'] })).toEqual([]);
  });

  test('service default leaves the carrier rules in charge', () => {
    expect(quoted({ shippingType: { carrier: 'CARRIERZ', service: 'Default' } })).toEqual(['CARRIERZ']);
  });

  test('a service code ignores the carrier filter and asks the carriers offering it', () => {
    expect(quoted({ shippingType: { carrier: 'CARRIERX', service: 'carriery_priority' } }, { services })).toEqual(['CARRIERY']);
  });

  test('a service code no carrier offers: nobody', () => {
    expect(quoted({ shippingType: { service: 'CARRIERQ_WARP' } }, { services })).toEqual([]);
  });

  test('a service code without the services list: every carrier of the group (selection filters later)', () => {
    expect(quoted({ shippingType: { carrier: 'CARRIERX', service: 'CARRIERY_PRIORITY' } })).toEqual(GROUP);
  });

  test('third-party billing with carrierCode limits quoting to that carrier', () => {
    expect(quoted({ billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'A1', carrierCode: 'carrierz' } })).toEqual(['CARRIERZ']);
  });

  test('third-party carrierCode and a different carrier selection leave nobody', () => {
    expect(
      quoted({ shippingType: { carrier: 'CARRIERY' }, billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'A1', carrierCode: 'CARRIERZ' } }),
    ).toEqual([]);
  });

  test('third-party billing without carrierCode quotes the group', () => {
    expect(quoted({ billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'A1', carrierCode: '' } })).toEqual(GROUP);
  });

  test('carrierCode without third-party billing is ignored', () => {
    expect(quoted({ billingOptions: { type: 'account', carrierCode: 'CARRIERZ' } })).toEqual(GROUP);
  });
});
