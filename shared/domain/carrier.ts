/**
 * What crosses the carrier port (docs/architecture.md, "Carriers as
 * connectors"): what its operations take and give (quotes, shipments,
 * tracking, the account and options of a call) and the errors of a
 * carrier, whatever carrier answers. The domain reads these shapes; the
 * port's operations themselves are declared by shared/carriers/port.ts.
 *
 * Amounts are integer minor units of `currency`.
 */
import type { CarrierDocumentRef, CarrierService, Commitment, Localized, PricingPlan, TrackingEvent, TransitStatus } from './entities';
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

/** What a connector receives to build its carrier's rate request. */
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
  /**
   * Every package's tracking number, in piece order (the first the master's),
   * when the order has several: a carrier that made one shipment per package
   * (Canada Post) tracks, voids and transmits each; the others need only the
   * master. Absent for an order of one package.
   */
  pieceTrackingNumbers?: readonly string[];
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

/**
 * The shipments of one manifest handed to a carrier whose day ends with a
 * call, and the manifest's shipper as its first shipment's rate
 * request has it (Canada Post prints it on the manifest and takes the
 * shipments where it is).
 */
export type CloseOutInput = {
  reference: string;
  shipDate: string;
  shipments: ReadonlyArray<ShipmentRef & { orderId: string }>;
  shipper?: Address;
  mayExist?: boolean;
};
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
 * Pickups (the `pickups` capability, docs/pickups.md): a place and day to
 * ask a carrier's windows for.
 */
export type PickupAvailabilityInput = { address: Address; date: string };
/** When a carrier comes by: the day (YYYY-MM-DD), and the local times (HH:MM, 24 h, local at the place) the parcels are ready from and the place closes at. */
export type PickupWindow = { date: string; readyTime: string; closeTime: string };
/** The windows a carrier offers for a place and day, earliest first, and the local time (HH:MM) after which that day can no longer be booked, where the carrier says. */
export type PickupAvailability = { windows: PickupWindow[]; cutoffTime?: string };
/** What a pickup holds: how many parcels and their total weight, in the unit system of the shipments (`kg`/`lb`). */
export type PickupLoad = { packageCount: number; totalWeight: { value: number; unit: 'kg' | 'lb' } };
/**
 * A pickup to book at `address` within `window`, under our reference, which
 * the carrier is asked for after an unknown outcome (`mayExist`), so a retry
 * never books a second one. `shipments` are the orders' packages when the
 * caller named orders (empty otherwise); `load` is always given (counted from
 * those shipments, or as the caller said). The address's person, phone and
 * e-mail are who the driver asks for.
 */
export type PickupInput = {
  reference: string;
  address: Address;
  window: PickupWindow;
  shipments: readonly ShipmentRef[];
  load: PickupLoad;
  instructions?: string;
  mayExist?: boolean;
};
/**
 * A pickup as the carrier booked it: its confirmation number, its window,
 * the carrier's place that sends the driver where it names one, and what the
 * carrier bills for it (UPS's on-demand pickups), in integer minor units.
 */
export type CarrierPickup = {
  reference: string;
  confirmationNumber: string;
  window: PickupWindow;
  location?: string;
  charges?: { amount: number; currency: string };
};
/** What a carrier is asked to find a booking by: our reference, and the day and place it was for. */
export type PickupLookup = { reference: string; date: string; address: Address };
/**
 * What a carrier needs to cancel a pickup it booked. A carrier that will no
 * longer cancel it (past its cut-off, driver dispatched) throws
 * CarrierRefusal with its reason: the API answers 409.
 */
export type PickupRef = { reference: string; confirmationNumber: string; date: string; location?: string; address: Address };

/** Addresses a carrier validates (the `validateAddresses` capability), shaped as a rate request's parties. */
export type AddressValidationInput = { addresses: readonly Address[] };
/** One address as the carrier reads it: how sure, what kind of place, its corrections (best first) and its notes. */
export type AddressValidation = {
  status: 'verified' | 'corrected' | 'unverified' | 'invalid';
  classification: 'residential' | 'commercial' | 'mixed' | 'unknown';
  suggestions: Address[];
  messages: AddressMessage[];
};
/** A note on an address: its code (a carrier's own note is `CARRIER_NOTE`), its text, the field it is about. */
export type AddressMessage = { code: string; message: string; field?: string };

/** The carrier declines to quote or ship this shipment (e.g. a parcel carrier and `nonConveyable`). */
export class CarrierRefusal extends Error {
  constructor(
    readonly carrierCode: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'CarrierRefusal';
  }
}

/** The carrier answered with an error or an answer that cannot be read. */
export class CarrierError extends Error {
  constructor(
    readonly carrierCode: string,
    message: string,
  ) {
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
  constructor(
    readonly carrierCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierTimeout';
  }
}

/** `adoptOnly` and the carrier holds nothing under the reference: nothing was bought, nothing adopted. */
export class NothingToAdopt extends Error {
  constructor(
    readonly carrierCode: string,
    reference: string,
  ) {
    super(`${carrierCode} holds no shipment under the reference ${reference}`);
    this.name = 'NothingToAdopt';
  }
}
