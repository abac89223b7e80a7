/**
 * The carrier port (docs/architecture.md, carriers): what the domain and the services need
 * of a carrier, whatever carries the request to it. The domain owns these
 * shapes; shared/carriers implements them (adapters over a transport: the
 * sandbox network now, real carrier APIs later).
 *
 * Amounts are integer minor units of `currency`.
 */
import type { CarrierDocumentRef, CarrierKind, CarrierService, Commitment, Localized, PricingPlan, TrackingEvent, TransitStatus } from './entities';
import type * as z from '../zod';
import type { Address, notificationStatus, RateRequest } from './rate/schema';

export type { Commitment } from './entities';

/** One line of a carrier quote at list (retail) price, before tax. */
export type QuoteCharge = {
  code: string;
  billingCode: string;
  name: Localized;
  type: 'base' | 'fuel' | 'surcharge' | 'accessorial' | 'duties';
  chips: string[];
  amount: number;
};

/** A sales tax applied to the subtotal of every tier (e.g. Canadian GST/HST/PST/QST). */
export type QuoteTax = { code: string; name: Localized; rateBp: number };

export type CarrierQuote = {
  carrierCode: string;
  serviceCode: string;
  currency: string;
  /** Units of the request currency per unit of the quote currency. */
  fxRate: number;
  charges: QuoteCharge[];
  taxes: QuoteTax[];
  commitment: Commitment | null;
  /**
   * What the plan's carrier account pays before tax, where the carrier says
   * (UPS's negotiated rates): the account tier is then this price rather
   * than the plan's `accountDiscountBp` off the list.
   */
  negotiatedSubtotal?: number;
};

/** What an adapter receives to build its carrier's rate request. */
export type RateInput = {
  /** Validated request; every packagingType already resolved to an object. */
  request: RateRequest;
  plan: PricingPlan;
  /** The carrier's services enabled for this plan (never disabled ones). */
  services: CarrierService[];
};

/** Label documents a carrier produces for a shipment (docs/decisions.md). */
export type LabelFormat = 'PDF' | 'ZPL';
export type LabelType = { code: string; name: string; format: LabelFormat; contentType: string };

/** What the shipping service asks a carrier to ship: the stored rate request and the chosen service. */
export type ShipInput = {
  /**
   * The carrier-side reference, the rateResponseId: the carrier's idempotency
   * key. A retry with the same reference gets the shipment already made under
   * it, never a second one.
   */
  reference: string;
  /**
   * The stored rate request. Ship-time fields are read from it:
   * `createReturnLabel`, `billingOptions.soldTo`, `commercialInvoice`,
   * `internationalOptions` (duties), `shippingNotificationOptions`.
   */
  request: RateRequest;
  /** The pricing plan's carrier account, re-read at ship time. */
  plan: PricingPlan;
  serviceCode: string;
  /**
   * When the shipment is tendered (ISO 8601): the first attempt's time, kept
   * by a retry, so a repeated reference names the same shipment to the letter.
   */
  shipTime: string;
  /**
   * The label format the caller asked first (the ship body's `labelFormat`):
   * a carrier that issues one encoding per shipment (Canada Post) issues
   * this one; the others ignore it.
   */
  labelFormat?: 'PDF' | 'ZPL';
  /**
   * An earlier attempt under this reference may have bought a shipment (a
   * stale claim taken over, or an attempt that ended without a clear answer):
   * a carrier without an idempotency key looks the reference up before
   * buying, and adopts what it finds.
   */
  mayExist?: boolean;
  /**
   * The reconciler adopting what an earlier attempt bought
   * (shared/services/reconciliation.ts): look the reference up and adopt,
   * never buy; NothingToAdopt when the carrier holds nothing under it.
   */
  adoptOnly?: boolean;
};

/** A package the carrier holds under our reference: the outbound shipment's, or the return's. */
export type FoundPackage = { trackingNumber: string; role: 'outbound' | 'return' };

export type NotificationStatus = z.infer<typeof notificationStatus>;

/**
 * A shipment as the carrier made it. Which label documents the API offers
 * for it is the shipping service's rule (docs/decisions.md), not the carrier's.
 */
export type CarrierShipment = {
  reference: string;
  carrierCode: string;
  serviceCode: string;
  /** The master tracking number: the first package's. */
  trackingNumber: string;
  /** One per physical package (quantity summed over pieces), in piece order; the first is the master. */
  pieceTrackingNumbers: string[];
  trackingUrl: string;
  /** With `shippingOptions.createReturnLabel`: the tracking number of the prepaid return. */
  returnTrackingNumber?: string;
  /** Freight: the bill of lading the carrier issued. */
  billOfLadingNumber?: string;
  /** International forms the carrier built from the request and filed at ship time. */
  customs?: { declarationNumber: string; documentsOnly: boolean };
  /** A status notification the carrier registered on the shipment (spec part 6). */
  notification?: { email: string; statuses: NotificationStatus[] };
  /** The carrier's own id of the shipment (UPS: the shipment identification number), which track and void send back. */
  shipmentId?: string;
  /** The documents the carrier issued, in its formats; none where the carrier issues none (the service renders its own). */
  documents?: CarrierDocument[];
};

/**
 * One document a carrier returned with a shipment: a label of one package
 * (`packageIndex`, in piece order, 0 the master), the return label, or a
 * customs form, with its bytes. The order lists it as a CarrierDocumentRef.
 */
export type CarrierDocument = CarrierDocumentRef & { content: Buffer };

export type { TransitStatus, TrackingEvent, TrackingEventCode } from './entities';

/** A place as the carrier's events name it. */
export type TrackingPlace = { city: string; provinceCode?: string; countryCode: string };

/**
 * What the tracking and cancel operations tell the carrier of a shipment:
 * what a real carrier needs to find it (its tracking number and its own
 * shipment id); the account goes with the call's options.
 */
export type ShipmentRef = {
  /** The carrier-side reference the shipment was made under (the rateResponseId). */
  reference: string;
  trackingNumber: string;
  /** The carrier's id of the shipment, as its ship answer gave it; absent where the carrier issues none. */
  shipmentId?: string;
};

/** What a carrier says of a shipment when asked: its status and every event so far, newest first. */
export type CarrierTracking = { trackingNumber: string; transitStatus: TransitStatus; events: TrackingEvent[] };

/** `live`: the carrier's production; `test`: its test environment (an API key of mode test). Sandbox carriers behave the same in both. */
export type CarrierMode = 'live' | 'test';

/**
 * The carrier account a call bills and authenticates with: the plan's for a
 * rate or a ship, the one that bought the shipment for a track or a void.
 * Credentials are read from the secret store only when a connector asks,
 * never logged; a sandbox account has none.
 */
export type CarrierAccount = {
  /** The registered carrier account; absent for a sandbox plan without one. */
  carrierAccountId?: string;
  carrierCode: string;
  accountNumber: string;
  /** The carrier's contract the account ships under, where the carrier has one beside the account number (Canada Post); absent otherwise. */
  contractId?: string;
  credentials(): Promise<Record<string, string>>;
};

/** What every carrier call carries besides its request. Without mode and account: live, and the plan's account number alone. */
export type CarrierCallOptions = { signal: AbortSignal; mode?: CarrierMode; account?: CarrierAccount };

export interface CarrierAdapter<CarrierRequest = unknown> {
  readonly code: string;
  readonly kind: CarrierKind;
  /**
   * The request this carrier would receive: pure once the connector is
   * loaded (its first call loads it). Rejects with CarrierRefusal when the
   * carrier cannot quote it.
   */
  buildRateRequest(input: RateInput): Promise<CarrierRequest>;
  /** Sends it through the transport; one quote per service. */
  rate(request: CarrierRequest, options: CarrierCallOptions): Promise<CarrierQuote[]>;
  /**
   * Buys the shipment, or answers the one this carrier already made under
   * `input.reference`: idempotent by reference, so a retry after a crash is
   * the way to find a shipment. CarrierRefusal when the carrier cannot ship
   * the request as it stands, CarrierError or the signal's reason otherwise.
   */
  ship(input: ShipInput, options: CarrierCallOptions): Promise<CarrierShipment>;
  /** The shipment's tracking as the carrier has it now. CarrierError or the signal's reason when it cannot say. */
  track(shipment: ShipmentRef, options: CarrierCallOptions): Promise<CarrierTracking>;
  /**
   * Voids the shipment. Idempotent: voiding a voided shipment succeeds.
   * CarrierRefusal (with the carrier's reason) when the carrier will not void
   * it, for example once it is picked up; CarrierError or the signal's reason otherwise.
   */
  cancel(shipment: ShipmentRef, options: CarrierCallOptions): Promise<void>;
  /**
   * Only a carrier that pushes tracking events (UPS Track Alert): asks it to
   * push the packages' events to us. Renewable: subscribing again extends it.
   * CarrierRefusal when it refuses the request as sent, CarrierError or the
   * signal's reason otherwise.
   */
  subscribePush?(input: PushSubscriptionInput, options: CarrierCallOptions): Promise<PushSubscription>;
  /**
   * Only a carrier without an idempotency key (UPS): the packages it holds
   * under our reference, in the order it made them, so the reconciler can
   * void the ones no order adopted (docs/reliability.md). Its presence is
   * what makes a ship leave a reconciliation record.
   */
  findShipments?(reference: string, options: CarrierCallOptions): Promise<FoundPackage[]>;
  /** With `findShipments`: how many days after a ship the carrier still voids it, so how long late duplicates are looked for. */
  readonly voidWindowDays?: number;
  /**
   * Only a carrier whose day ends with a transmit (Canada Post contract
   * shipping): hands the carrier the shipments of one of our manifests
   * (docs/manifests.md). `input.reference` is our manifest id, so
   * `findCloseOuts` can find what a call of unknown outcome made.
   * CarrierRefusal when it refuses them as sent, CarrierError or the
   * signal's reason otherwise. A carrier without it needs no call: the close
   * is ours alone (the sandbox parcel carriers; UPS manifests at ship).
   */
  closeOut?(input: CloseOutInput, options: CarrierCallOptions): Promise<CarrierCloseOut>;
  /**
   * With `closeOut`: what the carrier holds under `reference` (its own list of
   * manifests), asked before transmitting again after a closeOut ended
   * without a clear answer; undefined when it holds nothing.
   */
  findCloseOuts?(reference: string, options: CarrierCallOptions): Promise<CarrierCloseOut | undefined>;
  /**
   * Only a carrier that refunds instead of voiding once a shipment is on a
   * transmitted manifest (Canada Post): asks for the refund. An accepted
   * request cancels the order (docs/manifests.md); CarrierRefusal otherwise.
   */
  requestRefund?(shipment: ShipmentRef, options: CarrierCallOptions): Promise<void>;
  /**
   * Only a carrier that pushes tracking events (with `subscribePush`): reads
   * what it pushes to the generic events URL (`/v1/carriers/{carrier}/push/events`,
   * shared/services/carrier-push.ts), which has already checked our bearer token.
   */
  readonly push?: CarrierPush;
}

/**
 * The shipments of one manifest handed to a carrier that transmits
 * (`closeOut`), and the manifest's shipper as its first shipment's rate
 * request has it (Canada Post prints it on the manifest and takes the
 * shipments where it is).
 */
export type CloseOutInput = { reference: string; shipDate: string; shipments: ReadonlyArray<ShipmentRef & { orderId: string }>; shipper?: Address; mayExist?: boolean };
/** A manifest document a carrier issued at its close-out (Canada Post's manifest PDF). */
export type CarrierManifestDocument = { type: 'manifest'; format: 'PDF'; content: Buffer };
/**
 * What a carrier's close-out made: its own manifest ids and documents (its
 * manifest PDF among them). None of either when the account needs no call
 * after all (a Canada Post account without a contract): the close is ours alone.
 */
export type CarrierCloseOut = { carrierManifestIds: string[]; documents: CarrierManifestDocument[] };

/** Packages to subscribe to a carrier's pushed tracking: their numbers, and the subscriber's country (ISO 3166 alpha-2). */
export type PushSubscriptionInput = { trackingNumbers: readonly string[]; countryCode: string };
/** What the carrier subscribed (`valid`) and refused (`invalid`), and how long a subscription lasts. */
export type PushSubscription = { valid: string[]; invalid: string[]; lastsMs: number };

/** A pushed request's headers, names in lower case (as the HTTP layer normalizes them). */
export type PushHeaders = Readonly<Record<string, string | undefined>>;
/** The carrier's own part of a push's authentication: refused with a reason (never a secret), or accepted with notes to log. */
export type PushAuthentication = { ok: true; warnings?: readonly string[] } | { ok: false; reason: string };
/** One package's report read from a push, and the key that names the pushed event in logs (the same for a repeat). */
export type PushedReport = { trackingNumber: string; report: { transitStatus: TransitStatus; events: readonly TrackingEvent[] }; key: string };
/**
 * What a push body holds: its reports, or why it is refused (400, or 413 above
 * the carrier's bound), naming the field, never echoing the body.
 */
export type PushedEvents = { ok: true; reports: readonly PushedReport[] } | { ok: false; status: 400 | 413; field: string; reason: string; message: string };
/**
 * The receiving side of a carrier's pushed tracking: the carrier-specific part
 * of the generic inbound routes. The token URL (OAuth client credentials we
 * issued for one carrier account) and the bearer token are ours, the same for
 * every carrier; `authenticate` adds what the carrier's protocol sends beside
 * the token (UPS: `x-api-key` equal to the token's client id), and
 * `parseEvents` reads the body (bounds first).
 */
export type CarrierPush = {
  authenticate?(headers: PushHeaders, clientId: string): Promise<PushAuthentication>;
  parseEvents(body: Uint8Array, headers: PushHeaders): Promise<PushedEvents>;
};

/** The carrier declines to quote or ship this shipment (e.g. a parcel carrier and `nonConveyable`). */
export class CarrierRefusal extends Error {
  constructor(readonly carrierCode: string, reason: string) {
    super(reason);
    this.name = 'CarrierRefusal';
  }
}

/** The carrier answered with an error or an answer that cannot be read. */
export class CarrierError extends Error {
  constructor(readonly carrierCode: string, message: string) {
    super(message);
    this.name = 'CarrierError';
  }
}

/** What a caller reads of an account that cannot be used. */
export const unusableAccountMessage = (reason: string): string => `${reason}; the operator must fix the carrier account`;

/**
 * The carrier account cannot be used as it stands, and the call did nothing
 * at the carrier: its credentials lack what the carrier needs, or the
 * carrier refused them before acting (docs/reliability.md: no unknown
 * outcome). The operator must fix the account. The message names no
 * account (callers answer it); `carrierAccountId` is for the log line.
 */
export class CarrierAccountUnusable extends CarrierError {
  constructor(
    carrierCode: string,
    /** What is wrong with the account, without its id. */
    readonly reason: string,
    readonly carrierAccountId?: string,
  ) {
    super(carrierCode, unusableAccountMessage(reason));
    this.name = 'CarrierAccountUnusable';
  }
}

/** No answer from the carrier in time (per-carrier timeout, the overall rating budget, or the ship call's timeout). */
export class CarrierTimeout extends Error {
  constructor(readonly carrierCode: string, message: string) {
    super(message);
    this.name = 'CarrierTimeout';
  }
}

/** `adoptOnly` and the carrier holds nothing under the reference: nothing was bought, nothing adopted. */
export class NothingToAdopt extends Error {
  constructor(readonly carrierCode: string, reference: string) {
    super(`${carrierCode} holds no shipment under the reference ${reference}`);
    this.name = 'NothingToAdopt';
  }
}
