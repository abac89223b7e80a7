/**
 * The documents a carrier issued with a shipment (labels in its formats,
 * customs forms), kept in the label bucket beside the order's label files,
 * under a key built from the company, the order and the document's kind,
 * package and format only. Written at ship before the order (a retry after a
 * crash writes the same keys again); read when a label file is produced.
 * Imported on demand, so a function that never meets one does not load S3.
 */
import { config } from '../config';
import type { CarrierDocument } from '../domain/carrier';
import type { CarrierDocumentRef } from '../domain/entities';
import { bucketDefinition } from './table';

const EXTENSIONS: Record<CarrierDocumentRef['format'], string> = { ZPL: 'zpl', PDF: 'pdf', PNG: 'png', GIF: 'gif', JPEG: 'jpg' };
const CONTENT_TYPES: Record<CarrierDocumentRef['format'], string> = {
  ZPL: 'application/x-zpl',
  PDF: 'application/pdf',
  PNG: 'image/png',
  GIF: 'image/gif',
  JPEG: 'image/jpeg',
};

/** `labels/<companyId>/<orderId>/carrier/<type>[-<package>].<ext>`: ids are UUIDs, the rest from fixed lists. */
export const carrierDocumentKey = (companyId: string, orderId: string, ref: CarrierDocumentRef): string =>
  `${bucketDefinition.labelPrefix}${companyId}/${orderId}/carrier/${ref.type}${ref.packageIndex === undefined ? '' : `-${ref.packageIndex + 1}`}.${EXTENSIONS[ref.format]}`;

const refOf = ({ type, format, packageIndex }: CarrierDocument): CarrierDocumentRef =>
  packageIndex === undefined ? { type, format } : { type, format, packageIndex };

/** Stores every document and answers how the order lists them. */
export const putCarrierDocuments = async (companyId: string, orderId: string, documents: readonly CarrierDocument[]): Promise<CarrierDocumentRef[]> => {
  const { PutObjectCommand, s3 } = await import('../aws/s3');
  await Promise.all(
    documents.map((document) =>
      s3.send(
        new PutObjectCommand({
          Bucket: config.bucketName,
          Key: carrierDocumentKey(companyId, orderId, refOf(document)),
          Body: document.content,
          ContentType: CONTENT_TYPES[document.format],
        }),
      ),
    ),
  );
  return documents.map(refOf);
};

/** The documents an order lists, with their bytes. */
export const getCarrierDocuments = async (companyId: string, orderId: string, refs: readonly CarrierDocumentRef[]): Promise<CarrierDocument[]> => {
  const { GetObjectCommand, s3 } = await import('../aws/s3');
  return Promise.all(
    refs.map(async (ref) => {
      const answer = await s3.send(new GetObjectCommand({ Bucket: config.bucketName, Key: carrierDocumentKey(companyId, orderId, ref) }));
      return { ...ref, content: answer.Body };
    }),
  );
};
