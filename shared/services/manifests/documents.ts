/** A manifest's PDF (docs/manifests.md): stored once when it closes, the carrier's own where it issued one, else ours; served by a 302. */
import { config } from '../../config';
import { MANIFEST_DOCUMENT_CODES, type Manifest } from '../../contract/manifests';
import type { CarrierCloseOut } from '../../domain/carrier';
import type { KeyMode } from '../../domain/entities';
import { AppError } from '../../errors';
import { recordCarrierDocumentsRefused } from '../../observability';
import { labelFileExists, presignLabelFile, putLabelFile } from '../../store/label-files';
import type { ManifestRecord } from '../../store/manifests';
import { bucketDefinition } from '../../store/table';
import { manifestView } from '../manifest-view';
import type { ManifestContext } from './context';
import { ownManifest } from './reads';

const objectKeyOf = (companyId: string, manifestId: string) => `${bucketDefinition.labelPrefix}${companyId}/manifest-${manifestId}/MANIFEST_PDF.pdf`;

export type ManifestFile = { kind: 'redirect'; location: string } | { kind: 'manifest'; data: Manifest };

export const createManifestDocuments = ({ render, logger }: Pick<ManifestContext, 'render' | 'logger'>) => {
  /** The manifest's PDF in the bucket: the carrier's own where it issued one and none of it is refused, else ours. */
  const store = async (record: ManifestRecord, closeOut: CarrierCloseOut | undefined): Promise<ManifestRecord['documents']> => {
    const key = objectKeyOf(record.companyId, record.manifestId);
    const carrierPdfs = (closeOut?.documents ?? []).filter((d) => d.format === 'PDF').map((d) => d.content);
    if (carrierPdfs.length > 0) {
      // Several of the carrier's manifests (Canada Post may split a transmit): one PDF, one after the other.
      const joined = await (await import('../../labels/render')).joinPdfs(carrierPdfs);
      if (joined.body) {
        await putLabelFile(key, joined.body, 'application/pdf');
        return [{ code: 'MANIFEST_PDF', source: 'carrier', objectKey: key }];
      }
      for (const { index, reason } of joined.refused) {
        logger.warn("carrier document refused: its page is the service's own", {
          manifestId: record.manifestId,
          carrier: record.carrierCode,
          document: { type: 'manifest', format: 'PDF', index },
          reason,
        });
      }
      recordCarrierDocumentsRefused(record.carrierCode, joined.refused.length);
    }
    const { loadReference } = await import('../../store/reference');
    const carrier = (await loadReference()).carriers.find((c) => c.code === record.carrierCode);
    const file = await render({
      manifestId: record.manifestId,
      carrier: { code: record.carrierCode, name: carrier?.fullName.en ?? record.carrierCode },
      accountNumber: record.accountNumber,
      mode: record.mode,
      shipDate: record.shipDate,
      createdDate: record.createdDate,
      shipper: record.shipper,
      lines: record.lines,
    });
    await putLabelFile(key, file.body, file.contentType);
    return [{ code: 'MANIFEST_PDF', source: 'rendered', objectKey: key }];
  };

  /** GET /v1/manifests/{manifestId}/{documentCode}: a fresh presigned URL of the document; the manifest (its documents) for an unknown code, as the label file answers its list. */
  const file = async (companyId: string, mode: KeyMode, manifestId: string, documentCode: string): Promise<ManifestFile> => {
    const record = await ownManifest(companyId, mode, manifestId);
    const code = documentCode.slice(0, 64).toUpperCase();
    if (!(MANIFEST_DOCUMENT_CODES as readonly string[]).includes(code)) return { kind: 'manifest', data: await manifestView(record) };
    // An abandoned manifest never has a document: the manifest says so, as for a code it does not have.
    if (record.status === 'abandoned') return { kind: 'manifest', data: await manifestView(record) };
    const document = record.documents.find((d) => d.code === code);
    if (record.status !== 'closed' || !document) {
      throw new AppError(409, 'MANIFEST_IN_PROGRESS', 'This manifest is still closing; close the carrier again to finish it, then ask again', {
        headers: { 'retry-after': '2' },
      });
    }
    // A rendered PDF gone from the bucket is drawn again from the manifest; a carrier's own is only kept.
    if (document.source === 'rendered' && !(await labelFileExists(document.objectKey))) await store(record, undefined);
    return {
      kind: 'redirect',
      location: await presignLabelFile(document.objectKey, `manifest-${record.carrierCode}-${record.shipDate}.pdf`, config.labelUrlMinutes * 60),
    };
  };

  return { store, file };
};
