/**
 * The error codes of shared/errors.ts (enumerated in openapi.json) are exactly
 * the codes the code base answers: every `new AppError(status, 'CODE', …)`,
 * local runtime `errorResponse(status, 'CODE', …)` and `errorBody('CODE', …)`
 * (error middleware, API Gateway gateway responses) is read from the sources,
 * so a new code or a code under a new status fails here until it is listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ERROR_CODES, errorCodes, type ErrorCode } from '../../shared/errors';

const root = join(__dirname, '..', '..');
const SOURCE_DIRS = ['shared', 'local', 'functions', 'lib', 'bin'];

/**
 * lib/api.ts answers API Gateway's own 4xx errors (Default4xx) with the
 * response type as the code (`$context.error.responseType`). Of those types,
 * only these can occur on this API: no authorizer, API-key requirement, usage
 * plan or request validator is configured, the WAF web ACL answers its own blocks
 * (429 THROTTLED, lib/waf.ts) without API Gateway, and MISSING_AUTHENTICATION_TOKEN
 * (an unknown route) has its own gateway response (404 NOT_FOUND).
 */
const API_GATEWAY_4XX_TYPES: Partial<Record<ErrorCode, number>> = {
  // Throttling and a body above 10 MB have their own gateway responses (THROTTLED, PAYLOAD_TOO_LARGE).
};

/** Codes passed through rather than chosen at the call site: an AppError's own code, checked where the AppError is made. */
const PASS_THROUGH = new Set(['error.code']);

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

type Use = { file: string; code: string; status?: number };

/** The arguments of every call of `callee` in `text`, split at top-level commas (enough for literals and simple expressions). */
const callArguments = (text: string, callee: RegExp): string[][] => {
  const out: string[][] = [];
  for (const match of text.matchAll(callee)) {
    let depth = 0;
    let current = '';
    const args: string[] = [];
    let quote: string | undefined;
    for (let i = (match.index ?? 0) + match[0].length; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        current += c;
        if (c === '\\') current += text[++i] ?? '';
        else if (c === quote) quote = undefined;
        continue;
      }
      if (c === "'" || c === '"' || c === '`') quote = c;
      if (c === '(' || c === '[' || c === '{') depth++;
      if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) {
          args.push(current.trim());
          break;
        }
        depth--;
      }
      if (c === ',' && depth === 0) {
        args.push(current.trim());
        current = '';
        continue;
      }
      current += c;
    }
    out.push(args);
  }
  return out;
};

const literal = (arg: string | undefined): string | undefined => /^'([^'\\]*)'$/.exec(arg ?? '')?.[1];

const uses = (): { found: Use[]; unreadable: string[] } => {
  const found: Use[] = [];
  const unreadable: string[] = [];
  for (const file of SOURCE_DIRS.flatMap(sources)) {
    const text = readFileSync(join(root, file), 'utf8');
    const rel = file.split(sep).join('/');
    const withStatus = [...callArguments(text, /new AppError\(/g), ...callArguments(text, /\berrorResponse\(/g)];
    for (const [status, code] of withStatus) {
      const name = literal(code);
      if (name && /^\d{3}$/.test(status ?? '')) found.push({ file: rel, code: name, status: Number(status) });
      else if (!PASS_THROUGH.has(code ?? '')) unreadable.push(`${rel}: (${status}, ${code})`);
    }
    for (const [code] of callArguments(text, /\berrorBody\(/g)) {
      const name = literal(code);
      if (name === '$context.error.responseType') {
        for (const [type, status] of Object.entries(API_GATEWAY_4XX_TYPES)) found.push({ file: rel, code: type, status });
      } else if (name) found.push({ file: rel, code: name });
      else if (!PASS_THROUGH.has(code ?? '')) unreadable.push(`${rel}: (${code})`);
    }
  }
  return { found, unreadable };
};

describe('error codes', () => {
  const { found, unreadable } = uses();

  it('finds the call sites (the scan is not vacuous)', () => {
    expect(found.map((u) => u.file)).toEqual(expect.arrayContaining(['shared/errors.ts', 'shared/http/json-body.ts', 'local/api-gateway.ts', 'lib/api.ts']));
  });

  it('every call site names its code and status literally, so that this test can check them', () => {
    expect(unreadable).toEqual([]);
  });

  it('every code the code base answers is listed in shared/errors.ts, with the status it comes with', () => {
    const missing = found.filter(
      (u) => !(u.code in ERROR_CODES) || (u.status !== undefined && !(ERROR_CODES[u.code as ErrorCode] as readonly number[]).includes(u.status)),
    );
    expect(missing).toEqual([]);
  });

  it('every listed code and status is answered somewhere (the list is exact)', () => {
    const unused = errorCodes.flatMap((code) =>
      ERROR_CODES[code]
        .filter((status) => !found.some((u) => u.code === code && (u.status === status || u.status === undefined)))
        .map((status) => `${code} ${status}`),
    );
    expect(unused).toEqual([]);
  });
});
