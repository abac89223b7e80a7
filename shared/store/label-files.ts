/**
 * Label files in the label bucket (docs/decisions.md): rendered once, kept under a
 * key built only from the company, the order and a known label type (never
 * from caller text), served by a freshly presigned GET URL. Rendering once
 * across containers is coordinated by a marker item beside the order
 * (`ORDER#<id>` / `LABEL#<code>`), a lease of shared/store/lease.ts: the
 * request that claims it renders; the others wait for the file.
 */
import * as z from '../zod';
import { config } from '../config';
import type { LabelTypeCode } from '../labels/catalog';
import { labelFileExtension } from '../labels/catalog';
import { keys } from './keys';
import { defineLease } from './lease';
import { bucketDefinition } from './table';

/** `labels/<companyId>/<orderId>/<code>.<ext>`: ids are UUIDs checked by the caller, the code one of LABEL_TYPE_CODES. */
export const labelObjectKey = (companyId: string, orderId: string, code: LabelTypeCode): string =>
  `${bucketDefinition.labelPrefix}${companyId}/${orderId}/${code}.${labelFileExtension(code)}`;

const isNotFound = (e: unknown) => {
  const error = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error?.name === 'NotFound' || error?.name === 'NoSuchKey' || error?.$metadata?.httpStatusCode === 404;
};

export const labelFileExists = async (key: string): Promise<boolean> => {
  const { HeadObjectCommand, s3 } = await import('../aws/s3');
  try {
    await s3.send(new HeadObjectCommand({ Bucket: config.bucketName, Key: key }));
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
};

export const putLabelFile = async (key: string, body: Buffer, contentType: string): Promise<void> => {
  const { PutObjectCommand, s3 } = await import('../aws/s3');
  await s3.send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, Body: body, ContentType: contentType }));
};

/** A GET URL of the file valid `expiresInSeconds`, downloading as `fileName`. */
export const presignLabelFile = async (key: string, fileName: string, expiresInSeconds: number): Promise<string> =>
  (await import('../aws/s3')).s3.presignGet(
    { Bucket: config.bucketName, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` },
    expiresInSeconds,
  );

const markerSchema = z.object({ state: z.enum(['rendering', 'stored']), token: z.string(), at: z.string() });
export type RenderMarker = z.infer<typeof markerSchema>;

/**
 * The marker is a lease item (shared/store/lease.ts): `rendering` while held,
 * `stored` once the file is in the bucket; a released marker is deleted.
 */
const renderLease = defineLease({ kind: 'item', entityType: 'labelRender', since: 'at', held: 'rendering', done: 'stored', schema: markerSchema });

export const getRenderMarker = (orderId: string, code: LabelTypeCode) => renderLease.read(keys.labelRender(orderId, code));

/**
 * Claims the rendering of one label file, which the caller has just found
 * missing: succeeds when nobody has rendered it, or when the one who did has
 * been rendering since before `staleBefore` (it died). A file that was stored
 * and has gone from the bucket since is claimed by naming the stored marker's
 * token (`storedToken`, read after finding the file missing): only one of the
 * requests that saw it gone wins, and a request that merely checked the
 * bucket before the file landed cannot claim a marker stored meanwhile.
 * Throws ConditionFailed otherwise.
 */
export const claimRender = async (
  orderId: string,
  code: LabelTypeCode,
  token: string,
  at: string,
  staleBefore: string,
  storedToken?: string,
): Promise<void> => {
  await renderLease.claim(keys.labelRender(orderId, code), {
    token,
    now: new Date(at),
    ...(storedToken ? { takeOver: { token: storedToken, completed: true } } : { staleBefore: new Date(staleBefore) }),
  });
};

export const markRendered = async (orderId: string, code: LabelTypeCode, token: string): Promise<void> => {
  await renderLease.complete(keys.labelRender(orderId, code), token);
};

/** Gives up a claim after a failed rendering (deletes the marker), so the next request tries again. */
export const releaseRender = async (orderId: string, code: LabelTypeCode, token: string): Promise<void> => {
  await renderLease.release(keys.labelRender(orderId, code), token);
};
