/** Stored records the tests build: an active public-api key of company c1, a sandbox carrier X order. */
import type { ApiKeyRecord, Order } from '../../shared/domain/entities';
import { hashApiKey } from '../../shared/store/api-keys';

export const apiKeyRecordFor = (apiKey: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  keyId: 'k1',
  keyHash: hashApiKey(apiKey),
  companyId: 'c1',
  integrationType: 'public-api',
  scopes: [],
  active: true,
  createdDate: '2026-01-01T00:00:00Z',
  mode: 'live',
  ...over,
});

/** A live carrier X ground order of one package as the store keeps it, pending; `over` sets the rest (its status, events, notification…). */
export const carrierXOrder = (over: Partial<Order> & Pick<Order, 'orderId' | 'companyId'>): Order => {
  const order: Order = {
    orderId: over.orderId,
    companyId: over.companyId,
    rateResponseId: '4b2e8d1f-6a3c-4e5b-9d7f-0c1a2b3e4d5f',
    rateRequestId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
    pricingGroupId: 'default',
    carrierCode: 'CARRIERX',
    serviceCode: 'CARRIERX_GROUND',
    trackingNumber: '794612345678',
    pieceTrackingNumbers: ['794612345678'],
    trackingUrl: 'https://track.sandbox.example/CARRIERX/794612345678',
    status: 'pending',
    labels: [],
    price: { currency: 'USD', total: 1843 },
    notification: { statuses: [] },
    createdDate: '2026-11-24T10:00:00.000Z',
    commitment: null,
    events: [],
    version: 0,
    mode: 'live',
  };
  // A field `over` names as undefined is left out, as the store leaves it out.
  for (const [name, value] of Object.entries(over)) if (value !== undefined) (order as Record<string, unknown>)[name] = value;
  return order;
};
