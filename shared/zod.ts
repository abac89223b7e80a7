/**
 * The schema library of the functions: zod's `mini` build, with zod's English
 * messages. Every module imports zod from here, never from `zod` itself.
 *
 * Why mini: its schemas are plain functions (`z.optional(z.string())`, checks
 * in `.check(...)`), so a function bundle carries about a quarter of classic
 * zod's code and builds its schemas in about half the time: most of the cold
 * import that classic zod cost (docs/performance.md, "Bundles and cold import").
 * The OpenAPI builder writes these schemas with zod's own `z.toJSONSchema`
 * (tooling/json-schemas.ts).
 *
 * Why the locale here: classic zod installs the English messages itself, mini
 * does not. Messages that reach a caller or a log (a carrier's malformed
 * answer, a pushed event's refusal) stay the words they were.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
