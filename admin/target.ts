/** Where an admin command acts: the running `npm start` of DATA_DIR, or a deployed stage (docs/configuration.md). */
import { runtimeAwsEnv } from '../local/env';
import { describeSandboxCarriers } from '../shared/domain/sandbox-carriers';
import { dataPaths, isProcessAlive, readRuntimeFile, resolveDataDir, type RuntimeFile } from '../local/runtime-files';
import { AdminError } from './errors';

export type AdminTarget = { kind: 'local'; dataDir: string; runtime: RuntimeFile } | { kind: 'stage'; tableName: string; bucketName?: string };

/**
 * A running local stack when DATA_DIR/runtime.json exists, else the deployed
 * stage of TABLE_NAME. Throws AdminError when neither is usable.
 */
export const resolveAdminTarget = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AdminTarget => {
  const dataDir = resolveDataDir(env, cwd);
  const runtime = readRuntimeFile(dataDir);
  if (runtime) {
    if (!isProcessAlive(runtime.pid)) {
      throw new AdminError(
        `${dataPaths(dataDir).runtime} was left by a local runtime that is no longer running (pid ${runtime.pid}). ` +
          'Start it again with `npm start` (same DATA_DIR) or delete the file.',
      );
    }
    return { kind: 'local', dataDir, runtime };
  }
  if (!env.TABLE_NAME) {
    throw new AdminError(
      `No target: no running local stack (${dataPaths(dataDir).runtime} does not exist) and TABLE_NAME is not set. ` +
        'Start `npm start` with the same DATA_DIR, or set TABLE_NAME (and BUCKET_NAME, AWS_REGION, AWS credentials) of a deployed stage.',
    );
  }
  return { kind: 'stage', tableName: env.TABLE_NAME, ...(env.BUCKET_NAME ? { bucketName: env.BUCKET_NAME } : {}) };
};

/**
 * The environment the store needs for a target; apply it before the store
 * modules load. A local stack keeps carrier-account credentials in files
 * under its DATA_DIR; a stage in Secrets Manager, under the prefix the
 * operator gives as CARRIER_SECRET_PREFIX (the stack output of that name).
 */
export const targetEnv = (target: AdminTarget): Record<string, string | undefined> =>
  target.kind === 'local'
    ? {
        ...runtimeAwsEnv(target.runtime),
        CARRIER_SECRETS_DIR: dataPaths(target.dataDir).carrierSecrets,
        CARRIER_SECRET_PREFIX: undefined,
      }
    : { CARRIER_SECRETS_DIR: undefined };

/**
 * What the sandbox carriers `codes` answer where the command acted
 * (SANDBOX_CARRIERS, docs/configuration.md): the running local stack says its
 * setting; a stage's is in its function environment, which the CLI does not read.
 */
export const sandboxCarriersNote = (codes: readonly string[], target?: AdminTarget): string => {
  const which = `${codes.join(', ')} ${codes.length === 1 ? 'is a sandbox carrier' : 'are sandbox carriers'} (no real shipment)`;
  const local = target?.kind === 'local' ? target.runtime.sandboxCarriers : undefined;
  if (local) return `${which}: the local stack (SANDBOX_CARRIERS=${local}) lets them answer ${describeSandboxCarriers(local)}`;
  return `${which}: on a stage they answer the keys its SANDBOX_CARRIERS allows; on prod (test) test keys only, never a live key`;
};
