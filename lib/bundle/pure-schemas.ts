/**
 * An esbuild plugin that marks every zod schema expression of our code as
 * pure (`/* @__PURE__ *\/`), so a bundle drops the schemas it never uses and
 * does not build them at its cold start: the response schemas of the contract
 * (types and the OpenAPI document only), the entities a function never reads.
 *
 * zod marks its factories `@__NO_SIDE_EFFECTS__`, but esbuild honours that
 * only for calls in the same file as the function (esbuild issue 4369), so
 * across modules every `z.object(...)` counted as a side effect and stayed.
 * The annotation goes on each outermost call of a chain rooted at the module's
 * zod namespace (`z.string().check(...)`, `z.object({...}).register(...)`),
 * found with TypeScript's parser, so comments, strings and regular expressions
 * are never touched. Only modules that import the namespace from shared/zod.ts
 * are read; everything else loads as esbuild would load it.
 *
 * Registering a schema in zod's global registry (`register`) is the one side
 * effect dropped with an unused schema: only the OpenAPI builder, which never
 * runs from a bundle, reads the registry. Lines are unchanged (comments are
 * inserted within them), so stack traces map to the right lines; columns on a
 * line with schemas are off by the inserted comments.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

const PURE = '/* @__PURE__ */ ';

/** `text` with PURE before every outermost zod call chain; unchanged when it has none or does not import shared/zod.ts as a namespace. */
export const markPureSchemas = async (text: string, fileName: string): Promise<string> => {
  if (!/import \* as \w+ from '[^']*\/zod'/.test(text)) return text;
  const ts = (await import('typescript')).default;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)zod$/.test(statement.moduleSpecifier.text) || statement.moduleSpecifier.text === 'zod') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  if (names.size === 0) return text;
  /** The leftmost identifier of a chain of calls and property reads. */
  const rootOf = (node: import('typescript').Expression): import('typescript').Expression => {
    let current = node;
    while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) current = current.expression;
    return current;
  };
  const at: number[] = [];
  const visit = (node: import('typescript').Node): void => {
    if (ts.isCallExpression(node)) {
      const root = rootOf(node);
      const parent = node.parent;
      const inChain = (ts.isPropertyAccessExpression(parent) || ts.isCallExpression(parent)) && parent.expression === node;
      if (ts.isIdentifier(root) && names.has(root.text) && !inChain) at.push(node.getStart(sf));
    }
    ts.forEachChild(node, visit);
  };
  // Parent pointers: createSourceFile was asked not to set them.
  const setParents = (node: import('typescript').Node): void =>
    ts.forEachChild(node, (child) => {
      (child as { parent: import('typescript').Node }).parent = node;
      setParents(child);
    });
  setParents(sf);
  visit(sf);
  if (at.length === 0) return text;
  let out = '';
  let from = 0;
  for (const position of at.sort((a, b) => a - b)) {
    out += text.slice(from, position) + PURE;
    from = position;
  }
  return out + text.slice(from);
};

/** The plugin: our TypeScript modules (not node_modules) pass through markPureSchemas. */
export const pureSchemas: Plugin = {
  name: 'pure-schemas',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      return { contents: await markPureSchemas(text, args.path), loader: 'ts' };
    });
  },
};
