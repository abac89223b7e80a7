import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApi } from '../../shared/openapi';
import { httpFunctions } from '../../shared/manifest';

describe('the OpenAPI document', () => {
  const doc = buildOpenApi();
  it('documents every HTTP route of the manifest, with its method', () => {
    for (const fn of httpFunctions()) {
      const path = doc.paths?.[fn.trigger.path] as Record<string, unknown> | undefined;
      expect(path?.[fn.trigger.method.toLowerCase()]).toBeDefined();
    }
    expect(Object.keys(doc.paths ?? {})).toHaveLength(new Set(httpFunctions().map((f) => f.trigger.path)).size);
  });
  it('declares the X-API-Key header scheme', () => {
    expect(doc.components?.securitySchemes?.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });
  it('the committed openapi.json is up to date (run `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
