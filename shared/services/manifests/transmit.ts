/**
 * The carrier's part of a close (docs/manifests.md), for a carrier whose
 * close-out is a call (its `closeOut` capability: Canada Post, which
 * transmits a contract account's shipments and needs no call for a
 * non-contract one): its own manifests for ours. After a call of unknown
 * outcome the carrier's own list (`closeOut.find`) is asked first, so the
 * same shipments are never transmitted twice.
 */
import { carrierAccountById, isAccountNotConfigured } from '../../carriers/accounts';
import { config } from '../../config';
import { CarrierRefusal, type CarrierCallOptions, type CarrierCloseOut } from '../../domain/carrier';
import { addressSchema, type Address } from '../../domain/rate/schema';
import { AppError } from '../../errors';
import { saveManifest, type ManifestRecord, type OpenShipment } from '../../store/manifests';
import { getOrder } from '../../store/orders';
import { callCarrier, failureKind } from '../carrier-call';
import type { ManifestContext } from './context';

const callOptions = async (record: ManifestRecord): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
  mode: record.mode,
  ...(record.carrierAccountId ? { account: await carrierAccountById(record.carrierAccountId, { carrierCode: record.carrierCode }) } : {}),
});

/** The shipper's address as the order's rate request has it (the manifest's shipper is its first order's). */
const shipperAddressOf = async (orderId: string): Promise<Address | undefined> => {
  const parsed = addressSchema.safeParse((await getOrder(orderId))?.request.shipper);
  return parsed.success ? parsed.data : undefined;
};

export const createTransmit =
  ({ logger, closeOutOf }: Pick<ManifestContext, 'logger' | 'closeOutOf'>) =>
  async (record: ManifestRecord, open: ReadonlyMap<string, OpenShipment>): Promise<CarrierCloseOut | undefined> => {
    const closeOut = closeOutOf(record.carrierCode);
    if (!closeOut) return undefined;
    const options = await callOptions(record);
    // Each order's shipment: from its open entry, or, taken by a close that died before its transmit, from the order.
    const shipments = await Promise.all(
      record.lines.map(async (line) => {
        const entry = open.get(line.orderId);
        // Every package's number too, when it has several: a carrier of one shipment per package transmits each.
        const pieces = (numbers: readonly string[]) => (numbers.length > 1 ? { pieceTrackingNumbers: [...numbers] } : {});
        if (entry) {
          const numbers = entry.packages.map((p) => p.trackingNumber);
          return {
            orderId: entry.orderId,
            reference: entry.rateResponseId,
            trackingNumber: entry.trackingNumber,
            ...(entry.carrierShipmentId ? { shipmentId: entry.carrierShipmentId } : {}),
            ...pieces(numbers),
          };
        }
        const order = (await getOrder(line.orderId))?.order;
        return {
          orderId: line.orderId,
          reference: order?.rateResponseId ?? '',
          trackingNumber: line.trackingNumber,
          ...(order?.carrierShipmentId ? { shipmentId: order.carrierShipmentId } : {}),
          ...pieces(order?.pieceTrackingNumbers ?? []),
        };
      }),
    );
    const shipper = await shipperAddressOf(record.lines[0]!.orderId);
    if (record.transmitUncertain) {
      const found = await callCarrier(record.carrierCode, config.carrierShipTimeoutMs, (signal) => closeOut.find(record.manifestId, { ...options, signal }));
      if (found) return found;
    }
    try {
      return await callCarrier(record.carrierCode, config.carrierShipTimeoutMs, (signal) =>
        closeOut.close(
          {
            reference: record.manifestId,
            shipDate: record.shipDate,
            shipments,
            ...(shipper ? { shipper } : {}),
            ...(record.transmitUncertain ? { mayExist: true } : {}),
          },
          { ...options, signal },
        ),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('carrier close-out failed', { manifestId: record.manifestId, carrierCode: record.carrierCode, reason: failureKind(error), detail: message });
      if (!(error instanceof CarrierRefusal) && !isAccountNotConfigured(error)) {
        await saveManifest({ ...record, transmitUncertain: true });
      }
      throw new AppError(502, 'CARRIER_ERROR', `${record.carrierCode} could not close out the shipments: ${message}. Closing again finishes this manifest`, {
        expose: true,
      });
    }
  };
