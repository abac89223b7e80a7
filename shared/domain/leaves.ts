/**
 * The plain leaf schemas, one instance each, which the entity and store
 * schemas share for every field of their kind. Parsing never changes a zod
 * schema and `.check` returns a new one, so sharing a leaf changes nothing a
 * parse does; building one per field was most of the schema work of a
 * function's cold start (docs/performance.md, "Bundles and cold import").
 * `.register` does not copy: it labels the instance itself, so metadata goes
 * on a `.clone()` of a leaf, never on the leaf (a label on `text` would
 * describe every text field of openapi.json; test/unit/domain/leaves.test.ts).
 */
import * as z from '../zod';

export const text = z.string();
export const num = z.number();
export const flag = z.boolean();
export const optionalText = z.optional(text);
export const texts = z.array(text);
