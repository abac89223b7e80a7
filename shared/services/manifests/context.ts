/** What the parts of the manifest service share (docs/manifests.md): their dependencies, with the process's own where a test gives none. */
import { randomUUID } from 'node:crypto';
import type { PortCapability } from '../../carriers/port';
import { defaultRegistry } from '../../carriers/registry';
import { AppError } from '../../errors';
import type { ManifestDocument, RenderedLabel } from '../../labels/render';
import type { LogPort } from '../../observability';

export type ManifestRenderFn = (document: ManifestDocument) => Promise<RenderedLabel>;
export type ManifestDependencies = {
  logger: LogPort;
  render: ManifestRenderFn;
  clock?: () => Date;
  newId?: () => string;
  /** The close-out capability of a carrier, by code, where it has one (Canada Post's; docs/manifests.md). */
  closeOutOf?: (carrierCode: string) => PortCapability<'closeOut'> | undefined;
};

export type ManifestContext = Required<ManifestDependencies>;

export const contextOf = ({
  logger,
  render,
  clock = () => new Date(),
  newId = randomUUID,
  closeOutOf = (code) => defaultRegistry.port(code)?.closeOut,
}: ManifestDependencies): ManifestContext => ({ logger, render, clock, newId, closeOutOf });

export const badRequest = (path: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `${path} ${message}`, { details: [{ path, message }] });
