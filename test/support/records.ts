/** Stored records the auth and cache tests build: an active public-api key of company c1. */
import type { ApiKeyRecord } from '../../shared/domain/entities';
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
