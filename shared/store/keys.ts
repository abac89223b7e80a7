/**
 * The only place that spells pk/sk values of the single table (DESIGN.md §3).
 */
export type Key = { pk: string; sk: string };

export const keys = {
  apiKey: (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),
  /** Pointer from a key id to its hash, so a key can be revoked by id. */
  apiKeyId: (keyId: string): Key => ({ pk: `APIKEYID#${keyId}`, sk: 'APIKEYID' }),
  company: (companyId: string): Key => ({ pk: `COMPANY#${companyId}`, sk: 'PROFILE' }),
  pricingGroup: (groupId: string): Key => ({ pk: `PRICINGGROUP#${groupId}`, sk: 'GROUP' }),
  pricingPlan: (groupId: string, carrierCode: string): Key => ({ pk: `PRICINGGROUP#${groupId}`, sk: `PLAN#${carrierCode}` }),
  pricingPlanPrefix: (groupId: string) => ({ pk: `PRICINGGROUP#${groupId}`, skPrefix: 'PLAN#' }),
  carrier: (code: string): Key => ({ pk: 'CARRIER', sk: `CARRIER#${code}` }),
  carriersPrefix: () => ({ pk: 'CARRIER', skPrefix: 'CARRIER#' }),
  service: (carrierCode: string, serviceCode: string): Key => ({ pk: `CARRIER#${carrierCode}`, sk: `SERVICE#${serviceCode}` }),
  servicesPrefix: (carrierCode: string) => ({ pk: `CARRIER#${carrierCode}`, skPrefix: 'SERVICE#' }),
  defaultPackaging: (id: string): Key => ({ pk: 'PACKAGING#DEFAULT', sk: `PACKAGING#${id}` }),
  defaultPackagingPrefix: () => ({ pk: 'PACKAGING#DEFAULT', skPrefix: 'PACKAGING#' }),
  companyPackaging: (companyId: string, id: string): Key => ({ pk: `COMPANY#${companyId}`, sk: `PACKAGING#${id}` }),
  companyPackagingPrefix: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'PACKAGING#' }),
  rateRequest: (requestId: string): Key => ({ pk: `RATEREQ#${requestId}`, sk: 'RATEREQ' }),
  rateResponse: (rateResponseId: string): Key => ({ pk: `RATERESP#${rateResponseId}`, sk: 'RATERESP' }),
  order: (orderId: string): Key => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' }),
};

/** Attributes that never leave the service. */
export const STORE_ONLY_FIELDS = ['pk', 'sk', 'entityType', 'companyId', 'expiresAtEpoch'] as const;
