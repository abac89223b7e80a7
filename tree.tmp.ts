import { loadDocument } from './local/ups/spec';
const [doc, root, depthS] = process.argv.slice(2);
const d = loadDocument(doc as any) as any;
const S = d.components.schemas;
const maxDepth = Number(depthS ?? 6);
const seen = new Set<string>();
function show(name: string, schema: any, indent: string, depth: number, required: boolean) {
  if (schema.$ref) { const n = schema.$ref.split('/').pop(); schema = S[n]; }
  if (schema.type === 'array' && schema.items) { const it = schema.items.$ref ? S[schema.items.$ref.split('/').pop()] : schema.items; return show(name + '[]', it, indent, depth, required); }
  const info = [schema.type, schema.maxLength ? `max${schema.maxLength}` : '', schema.enum ? `enum ${schema.enum.join('|')}` : ''].filter(Boolean).join(' ');
  console.log(`${indent}${required ? '*' : ''}${name} ${info}`);
  if (depth >= maxDepth || !schema.properties) return;
  for (const [k, v] of Object.entries<any>(schema.properties)) show(k, v, indent + '  ', depth + 1, (schema.required ?? []).includes(k));
}
const pathArg = process.argv[5];
let node: any = S[root];
const deref = (x: any) => { x = x.$ref ? S[x.$ref.split('/').pop()] : x; if (x.type === 'array') x = x.items.$ref ? S[x.items.$ref.split('/').pop()] : x.items; return x; };
for (const part of (pathArg ? pathArg.split('.') : [])) node = deref(deref(node).properties[part]);
show(pathArg ?? root, node, '', 0, true);
