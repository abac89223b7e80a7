/**
 * The UPS connector's wire types, generated from UPS's vendored OpenAPI
 * documents (shared/carriers/ups/spec/) by openapi-typescript: one module
 * per document in shared/carriers/ups/generated/, type-only (a `.d.ts`, so
 * nothing of it reaches a bundle). `npm run ups:types` (bin/ups-types.ts)
 * writes them; test/unit/carriers/ups/generated-types.test.ts fails while a
 * committed one differs from a fresh generation.
 *
 * Each document is read as the contract tests read it
 * (shared/carriers/ups/errata.ts: js-yaml, the document errata patched), so
 * the types and the validators of the UPS simulator (local/ups/spec.ts)
 * describe the same requests and answers. openapi-typescript
 * is given the parsed document with Redocly's `minimal` rules and none of this
 * repository's redocly.yaml (the strict rules of our own openapi.json, which
 * UPS's documents do not meet: ambiguous paths, examples off their schema).
 */
import type openapiTS from 'openapi-typescript';
import { patchedDocument, type UpsDocument } from '../shared/carriers/ups/errata';

/** The documents the connector's requests and answers are typed from, and the module each becomes. */
export const UPS_TYPED_DOCUMENTS: ReadonlyArray<{ document: UpsDocument; file: string }> = [
  { document: 'OAuthClientCredentials', file: 'oauth-client-credentials.d.ts' },
  { document: 'Rating', file: 'rating.d.ts' },
  { document: 'Shipping', file: 'shipping.d.ts' },
  { document: 'Tracking', file: 'tracking.d.ts' },
  { document: 'AddressValidation', file: 'address-validation.d.ts' },
  { document: 'Pickup', file: 'pickup.d.ts' },
];

/** Where the generated modules live, from the repository's root. */
export const UPS_TYPES_DIR = 'shared/carriers/ups/generated';

const header = (document: UpsDocument) => `/**
 * Generated from UPS's ${document}.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run \`npm run ups:types\` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with \`import type\` only.
 */

`;

/** Each generated module's text, by file name. */
export async function generateUpsTypes(): Promise<Map<string, string>> {
  // Loaded here, not at the top: the unit test reads the list above under Jest, which cannot load openapi-typescript's ESM parts.
  const { default: generate, astToString } = await import('openapi-typescript');
  const out = new Map<string, string>();
  for (const { document, file } of UPS_TYPED_DOCUMENTS) {
    // openapi-typescript's types of OpenAPI 3 documents are stricter than a parsed YAML's; it reads the object as given.
    const ast = await generate(patchedDocument(document) as unknown as Parameters<typeof openapiTS>[0], { silent: true });
    out.set(file, header(document) + astToString(ast));
  }
  return out;
}
