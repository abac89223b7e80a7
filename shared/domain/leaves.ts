/**
 * The plain leaf schemas, one instance each, which the entity and store
 * schemas share for every field of their kind. A zod schema is immutable
 * (`.check` and `.register` return a copy), so sharing one changes nothing a
 * parse does; building one per field was most of the schema work of a
 * function's cold start (docs/performance.md, "Bundles and cold import").
 */
import * as z from '../zod';

export const text = z.string();
export const num = z.number();
export const flag = z.boolean();
export const optionalText = z.optional(text);
export const texts = z.array(text);
