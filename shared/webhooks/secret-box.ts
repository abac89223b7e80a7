/**
 * Webhook signing secrets at rest: the endpoint item holds the secret sealed,
 * so a read of the table alone does not reveal it, and nothing here logs it.
 *
 * - `kms:` on a deployed stage: KMS Encrypt under the stage's key
 *   (WEBHOOK_KMS_KEY_ID), with the company and endpoint ids as encryption
 *   context, so a sealed secret copied to another endpoint does not open.
 *   Only the create function may encrypt and only the delivery function
 *   decrypt (lib/shipping-stack.ts).
 * - `local:` in the local runtime: AES-256-GCM under a 32-byte key in a 0600
 *   file under DATA_DIR (WEBHOOK_SECRET_KEY_FILE, made by the runtime), the
 *   same ids as additional data.
 *
 * Opened secrets are kept per container (at most OPENED_CACHE_SIZE), so a
 * warm delivery function decrypts an endpoint's secret once.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { awsClientConfig, withoutSdkLogging } from '../aws';

export type SecretContext = { companyId: string; webhookId: string };

const OPENED_CACHE_SIZE = 100;
const opened = new Map<string, string>();

const contextText = (context: SecretContext) => `${context.companyId}/${context.webhookId}`;

/** The local key: 32 bytes, base64, in its file; made (0600) when the file does not exist yet. */
export const ensureLocalSecretKey = (file: string): Buffer => {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, randomBytes(32).toString('base64'));
      closeSync(fd);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`the webhook secret key file ${file} does not hold 32 bytes of base64`);
  return key;
};

const localSeal = (key: Buffer, plain: string, context: SecretContext): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(contextText(context)));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `local:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
};

const localOpen = (key: Buffer, sealed: string, context: SecretContext): string => {
  const raw = Buffer.from(sealed.slice('local:'.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(contextText(context)));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};

const kmsClient = async () => {
  const { KMSClient } = await import('@aws-sdk/client-kms');
  return withoutSdkLogging(new KMSClient(awsClientConfig('kms')));
};
let kms: ReturnType<typeof kmsClient> | undefined;

const encryptionContext = (context: SecretContext) => ({ companyId: context.companyId, webhookId: context.webhookId });

/** Seals a new secret for storage. */
export const sealSecret = async (plain: string, context: SecretContext): Promise<string> => {
  const keyId = config.webhookKmsKeyId;
  if (keyId) {
    const { EncryptCommand } = await import('@aws-sdk/client-kms');
    const out = await (
      await (kms ??= kmsClient())
    ).send(new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plain, 'utf8'), EncryptionContext: encryptionContext(context) }));
    return `kms:${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
  }
  const file = config.webhookSecretKeyFile;
  if (!file) throw new Error('webhook secrets need WEBHOOK_KMS_KEY_ID (deployed) or WEBHOOK_SECRET_KEY_FILE (local runtime)');
  return localSeal(ensureLocalSecretKey(file), plain, context);
};

/** Opens a stored secret; the error, if any, never carries it. */
export const openSecret = async (sealed: string, context: SecretContext): Promise<string> => {
  const cacheKey = `${contextText(context)}\n${sealed}`;
  const cached = opened.get(cacheKey);
  if (cached) return cached;
  let plain: string;
  if (sealed.startsWith('kms:')) {
    const { DecryptCommand } = await import('@aws-sdk/client-kms');
    const out = await (
      await (kms ??= kmsClient())
    ).send(new DecryptCommand({ CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'), EncryptionContext: encryptionContext(context) }));
    plain = Buffer.from(out.Plaintext!).toString('utf8');
  } else if (sealed.startsWith('local:')) {
    const file = config.webhookSecretKeyFile;
    if (!file) throw new Error('a locally sealed webhook secret needs WEBHOOK_SECRET_KEY_FILE');
    try {
      plain = localOpen(ensureLocalSecretKey(file), sealed, context);
    } catch {
      throw new Error(`the signing secret of webhook ${context.webhookId} does not open with this key`);
    }
  } else {
    throw new Error(`the signing secret of webhook ${context.webhookId} is sealed in an unknown way`);
  }
  if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
  opened.set(cacheKey, plain);
  return plain;
};
