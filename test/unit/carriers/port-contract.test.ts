/**
 * Sandbox quotes keep the carrier port's contract as the rate flow reads it:
 * every quote of every carrier prices without an internal error.
 */
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { priceQuote } from '../../../shared/domain/rate/pricing';
import { FRIDAY, newYorkRecipient, quotesOf, rateInput, rateRequest, torontoShipper } from './fixtures';

const { sandboxPorts: carriers } = createCarrierRegistry(createSandboxTransports());

it.each(['ON', 'QC', 'AB', 'NS'])('every sandbox quote from a %s shipper prices in every tier', async (provinceCode) => {
  const request = rateRequest({
    shipper: { ...torontoShipper, provinceCode, postalCode: undefined },
    recipient: { ...newYorkRecipient, residential: true },
    shippingOptions: { shippingDate: FRIDAY, signature: 'adult', saturdayDelivery: true, insurance: { amount: 999.99, currency: 'USD' } },
    internationalOptions: { requestEstimatedDutiesAndTaxes: true },
    commercialInvoice: { currency: 'USD', invoiceItems: [{ description: 'Widget', quantity: 3, value: 33.33, weight: 1 }] },
    freightOptions: { tailgate: 'both', afterHours: 'delivery' },
  });
  for (const carrier of carriers) {
    const input = rateInput(carrier.code, request);
    const quotes = await quotesOf(carrier, input);
    expect(quotes.length).toBe(input.services.length);
    for (const quote of quotes) expect(() => priceQuote(quote, input.plan)).not.toThrow();
  }
});
