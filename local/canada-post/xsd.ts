/**
 * Canada Post's XML schemas (XSD), read where they are and never copied
 * into the repository (they carry no licence): `CANADAPOST_XSD_DIR`, else
 * the `carrier-specs/canada-post` folder of the shared folder beside the project. Tooling only:
 * the contract tests validate every request the connector builds, and the
 * local Canada Post simulator (./simulator.ts) validates what it receives and
 * what it answers, with libxml2 compiled to WebAssembly (xmllint-wasm).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/** The schema files of Canada Post's services (one per service; `common.xsd` is included by rating.xsd). */
export type CanadaPostSchema =
  'rating.xsd' | 'shipment.xsd' | 'ncshipment.xsd' | 'manifest.xsd' | 'track.xsd' | 'messages.xsd' | 'pickup.xsd' | 'pickuprequest.xsd';

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** Where the schemas are looked for: CANADAPOST_XSD_DIR, else the shared folder beside the project. */
export const canadaPostXsdDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CANADAPOST_XSD_DIR ? path.resolve(env.CANADAPOST_XSD_DIR) : path.resolve(PROJECT_ROOT, '..', 'shared', 'carrier-specs', 'canada-post');

/** Whether the schemas are there (the rating schema stands for all of them). */
export const canadaPostXsdAvailable = (env: NodeJS.ProcessEnv = process.env): boolean => existsSync(path.join(canadaPostXsdDir(env), 'rating.xsd'));

let loaded: { dir: string; files: XMLFileInfo[] } | undefined;
const schemaFiles = (): XMLFileInfo[] => {
  const dir = canadaPostXsdDir();
  if (loaded?.dir !== dir) {
    if (!canadaPostXsdAvailable()) throw new Error(`Canada Post's XML schemas are not in ${dir} (set CANADAPOST_XSD_DIR)`);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.xsd'))
      .map((fileName) => ({ fileName, contents: readFileSync(path.join(dir, fileName), 'utf8') }));
    loaded = { dir, files };
  }
  return loaded.files;
};

/**
 * The problems of `xml` against `schema` (libxml2's messages, each with its
 * line), none when it is valid. A document that is not well-formed XML is a
 * problem too.
 */
export async function canadaPostXmlProblems(xml: string, schema: CanadaPostSchema): Promise<string[]> {
  const files = schemaFiles();
  const main = files.find((f) => f.fileName === schema);
  if (!main) throw new Error(`no ${schema} among Canada Post's schemas`);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [main],
    preload: files.filter((f) => f !== main),
  });
  return result.valid ? [] : result.errors.map((e) => e.message.trim());
}
