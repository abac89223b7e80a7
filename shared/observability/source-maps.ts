/**
 * Stack traces through the bundle's source map, worked out only when an error
 * is logged (shared/observability/logger.ts hands every logged Error to `sourceMapStack`).
 *
 * Functions run without `--enable-source-maps`: with it Node reads and parses
 * the source map of the bundle (about 0.9 MB for rate) at every cold start,
 * 12–21 ms of each import measured on Node 24. Nor can it be switched on
 * later: `process.setSourceMapsEnabled(true)` maps only the modules loaded
 * after it, never the bundle already running. So the first error logged in a
 * container reads `<bundle>.map` beside the bundle (esbuild's external map)
 * with Node's own `SourceMap`, and each frame of the bundle is rewritten as
 * `--enable-source-maps` prints it: the original file (resolved against the
 * map, as Node does), line and column, and the original function name where
 * the map has it. That first error costs what it costs with the flag too
 * (Node parses the mappings when it first formats a stack): about 130 ms for
 * rate on this machine, once per container, on a request that is failing
 * anyway.
 *
 * Only frames of an `.mjs` file outside node_modules with a map beside it
 * change, that is of a function bundle; under tsx and Jest (TypeScript
 * sources) stacks stay exactly as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Loaded = { map: SourceMap; url: URL };

/** One parsed map per bundle file for the life of the container (null: none). */
const maps = new Map<string, Loaded | null>();

const mapOf = (file: string): Loaded | null => {
  let loaded = maps.get(file);
  if (loaded === undefined) {
    loaded = null;
    const mapFile = `${file}.map`;
    if (!file.includes('/node_modules/') && existsSync(mapFile)) {
      try {
        loaded = { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]), url: pathToFileURL(mapFile) };
      } catch {
        // An unreadable map leaves the stack as it is.
      }
    }
    maps.set(file, loaded);
  }
  return loaded;
};

/** `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:2345`. */
const FRAME = /^(\s+at )(?:(.+?) \()?((?:file:\/\/)?\/[^()\s]*?\.mjs):(\d+):(\d+)\)?$/;

type Frame = { prefix: string; name?: string; file: string; line: number; column: number };

const parse = (line: string): Frame | undefined => {
  const m = FRAME.exec(line);
  if (!m) return undefined;
  const location = m[3]!;
  const file = location.startsWith('file://') ? fileURLToPath(location) : location;
  return { prefix: m[1]!, ...(m[2] ? { name: m[2] } : {}), file, line: Number(m[4]), column: Number(m[5]) };
};

/** The original location of a bundle position (1-based line and column), or undefined when the map has none. */
const originalOf = (frame: Frame) => {
  const loaded = mapOf(frame.file);
  if (!loaded) return undefined;
  const entry = loaded.map.findEntry(frame.line - 1, frame.column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
    name?: string;
  };
  if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
  const source = fileURLToPath(new URL(entry.originalSource, loaded.url));
  return { source, line: entry.originalLine + 1, column: entry.originalColumn + 1, name: entry.name };
};

/**
 * `stack` with every frame of a bundle mapped to its source. A frame's name
 * comes, as in Node, from the map's name at its caller's call site (the
 * callee's original identifier); without one the bundle's name stays
 * (`<anonymous>` for an unnamed function, as Node prints it).
 */
export const sourceMappedStack = (stack: string): string => {
  const lines = stack.split('\n');
  const frames = lines.map(parse);
  if (!frames.some((f) => f && mapOf(f.file))) return stack;
  return lines
    .map((line, i) => {
      const frame = frames[i];
      const original = frame && originalOf(frame);
      if (!frame || !original) return line;
      const caller = frames.slice(i + 1).find((f) => f !== undefined);
      const name = (caller && originalOf(caller)?.name) || frame.name || '<anonymous>';
      return `${frame.prefix}${name} (${original.source}:${original.line}:${original.column})`;
    })
    .join('\n');
};

const mapped = new WeakSet<Error>();

/**
 * Rewrites the stack of `error` and of its causes in place, once each (the
 * logger then formats them as usual). Cheap when nothing is bundled: no map,
 * no change.
 */
export const sourceMapStack = (error: Error): void => {
  for (let e: unknown = error; e instanceof Error && !mapped.has(e); e = e.cause) {
    mapped.add(e);
    if (typeof e.stack === 'string') {
      const stack = sourceMappedStack(e.stack);
      if (stack !== e.stack) e.stack = stack;
    }
  }
};
