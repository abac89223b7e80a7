/** What the parts of the manifest service share (docs/manifests.md): their dependencies, with the process's own where a test gives none. */
import { randomUUID } from 'node:crypto';
import { defaultShipmentCarriers } from '../../carriers/shipment-carriers';
import type { CarrierAdapter } from '../../domain/carrier';
import { AppError } from '../../errors';
import type { ManifestDocument, RenderedLabel } from '../../labels/render';
import type { LogPort } from '../../observability';

export type ManifestRenderFn = (document: ManifestDocument) => Promise<RenderedLabel>;
/** The close-out capability of a carrier's connector (shared/domain/carrier.ts), where it has one. */
export type CloseOutCarrier = Pick<CarrierAdapter, 'closeOut' | 'findCloseOuts'>;

export type ManifestDependencies = {
  logger: LogPort;
  render: ManifestRenderFn;
  clock?: () => Date;
  newId?: () => string;
  /** The connector of a carrier that transmits its close, by code (Canada Post's; docs/manifests.md). */
  closeOutCarrier?: (carrierCode: string) => CloseOutCarrier | undefined;
};

export type ManifestContext = Required<ManifestDependencies>;

export const contextOf = ({
  logger,
  render,
  clock = () => new Date(),
  newId = randomUUID,
  closeOutCarrier = (code) => defaultShipmentCarriers.getAdapter(code) as CloseOutCarrier | undefined,
}: ManifestDependencies): ManifestContext => ({ logger, render, clock, newId, closeOutCarrier });

export const badRequest = (path: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `${path} ${message}`, { details: [{ path, message }] });
