/**
 * Labels of an order (spec 4.6, 4.7, docs/decisions.md): the list of its label
 * types, and one label file: rendered once, stored in the label bucket,
 * answered by a 302 to a freshly presigned URL, so the API's own label URL
 * never goes stale. The renderer is injected: only the label-file function
 * loads it (and the PDF library), so no other bundle carries it.
 *
 * Another company's order is 403 and an unknown one 404 (spec 4.7, part 5).
 * A cancelled shipment offers no label (docs/decisions.md).
 */
import type { LabelList } from '../contract/labels';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { config } from '../config';
import type { RateRequest } from '../domain/rate/schema';
import type { KeyMode, Order } from '../domain/entities';
import { AppError } from '../errors';
import { shipmentDocument, type RefusedCarrierDocument, type ShipmentDocument, type ShipmentRecord } from '../labels/document';
import { labelFileExtension, resolveLabelType, type LabelTypeCode } from '../labels/catalog';
import {
  claimRender,
  getRenderMarker,
  labelFileExists,
  labelObjectKey,
  markRendered,
  presignLabelFile,
  putLabelFile,
  releaseRender,
} from '../store/label-files';
import { loadReference } from '../store/reference';
import { ConditionFailed } from '../store/table-ops';
import { listOf } from './label-list';
import { ownOrder } from './own-order';
import { type LogPort, recordCarrierDocumentsRefused } from '../observability';

/** Renders a file; `refused`: the carrier's documents it could not take, whose packages it drew itself. */
export type RenderFn = (
  code: string,
  document: ShipmentDocument,
) => Promise<{ body: Buffer; contentType: string; refused?: readonly RefusedCarrierDocument[] }>;

/** `data` of GET /v1/labels/{orderId}: its contract's type (shared/contract/labels.ts). */
export type { LabelList };
export type LabelFileAnswer = { kind: 'redirect'; location: string } | { kind: 'list'; data: LabelList };

export type LabelServiceDependencies = {
  render: RenderFn;
  logger: LogPort;
  clock?: () => Date;
  newId?: () => string;
};

/** The shipment document of an order, as its label files draw it (the carrier's own documents read from the bucket). */
export const documentOf = async (order: Order, request: Record<string, unknown>): Promise<ShipmentDocument> => {
  const reference = await loadReference();
  const carrier = reference.carriers.find((c) => c.code === order.carrierCode);
  const service = reference.servicesByCarrier.get(order.carrierCode)?.find((s) => s.code === order.serviceCode);
  const record: ShipmentRecord = {
    orderId: order.orderId,
    carrier: { code: order.carrierCode, name: carrier?.fullName.en ?? order.carrierCode, kind: carrier?.kind ?? 'parcel' },
    service: { code: order.serviceCode, name: service?.fullName.en ?? order.serviceCode },
    trackingNumber: order.trackingNumber,
    pieceTrackingNumbers: order.pieceTrackingNumbers,
    ...(order.returnTrackingNumber ? { returnTrackingNumber: order.returnTrackingNumber } : {}),
    trackingUrl: order.trackingUrl,
    ...(order.billOfLadingNumber ? { billOfLadingNumber: order.billOfLadingNumber } : {}),
    ...(order.customsDeclarationNumber ? { customsDeclarationNumber: order.customsDeclarationNumber } : {}),
    createdDate: order.createdDate,
  };
  const document = shipmentDocument(request as RateRequest, record);
  if (!order.carrierDocuments?.length) return document;
  const { getCarrierDocuments } = await import('../store/carrier-documents');
  return { ...document, carrierDocuments: await getCarrierDocuments(order.companyId, order.orderId, order.carrierDocuments) };
};

// The label list, without the renderer (GET /v1/labels/{orderId}), is ./label-list.ts.
export { labelsOf } from './label-list';

export const createLabelService = ({ render, logger, clock = () => new Date(), newId = randomUUID }: LabelServiceDependencies) => {
  /** Renders within one container once per file, whatever the concurrency. */
  const inFlight = new Map<string, Promise<void>>();

  /** A carrier that sent a document the file could not take is worth a look: a warning each, and a metric per carrier. */
  const reportRefused = (order: Order, code: LabelTypeCode, refused: readonly RefusedCarrierDocument[]) => {
    if (refused.length === 0) return;
    for (const { reason, ...document } of refused) {
      logger.warn("carrier document refused: its page is the service's own", {
        orderId: order.orderId,
        labelType: code,
        carrier: order.carrierCode,
        document,
        reason,
      });
    }
    recordCarrierDocumentsRefused(order.carrierCode, refused.length);
  };

  /** Makes sure the file exists: one request renders it, across containers (the marker item) and within one (inFlight). */
  const ensureFile = async (order: Order, request: Record<string, unknown>, code: LabelTypeCode, key: string): Promise<void> => {
    const deadline = Date.now() + config.labelRenderWaitSeconds * 1000;
    const staleMs = config.labelRenderWaitSeconds * 1000;
    /** The token of a stored marker whose file was found gone: the next claim takes that marker over. */
    let goneToken: string | undefined;
    for (;;) {
      if (await labelFileExists(key)) return;
      const token = newId();
      const now = clock();
      try {
        await claimRender(order.orderId, code, token, now.toISOString(), new Date(now.getTime() - staleMs).toISOString(), goneToken);
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        goneToken = undefined;
        const marker = await getRenderMarker(order.orderId, code);
        if (marker?.state === 'stored') {
          // Stored by the request that won the claim a moment ago; or stored once and gone from the bucket since.
          if (await labelFileExists(key)) return;
          goneToken = marker.token;
          continue;
        }
        if (Date.now() > deadline) throw new AppError(500, 'INTERNAL', 'label generation did not finish in time', { expose: false });
        await sleep(150);
        continue;
      }
      try {
        const file = await render(code, await documentOf(order, request));
        reportRefused(order, code, file.refused ?? []);
        await putLabelFile(key, file.body, file.contentType);
        await markRendered(order.orderId, code, token);
        return;
      } catch (error) {
        logger.error('label generation failed', { orderId: order.orderId, labelType: code, error });
        await releaseRender(order.orderId, code, token).catch(() => undefined);
        throw new AppError(500, 'INTERNAL', 'label generation failed', { expose: false });
      }
    }
  };

  return {
    /** GET /v1/labels/{orderId}/{labelType}: a redirect to the file, or the list when the type is unknown or ambiguous. */
    async labelFile(companyId: string, orderId: string, requested: string, mode: KeyMode): Promise<LabelFileAnswer> {
      const { order, request } = await ownOrder(companyId, orderId, mode);
      const code = resolveLabelType(requested.slice(0, 64), listOf(order).available);
      if (!code) return { kind: 'list', data: listOf(order) };
      const key = labelObjectKey(order.companyId, order.orderId, code);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = ensureFile(order, request, code, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      await pending;
      const fileName = `${order.trackingNumber}-${code}.${labelFileExtension(code)}`;
      return { kind: 'redirect', location: await presignLabelFile(key, fileName, config.labelUrlMinutes * 60) };
    },
  };
};
