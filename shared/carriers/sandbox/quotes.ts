/**
 * Deterministic pricing of the sandbox network: the same shipment always gets
 * the same quotes. Everything is computed in CAD cents from the tariff, then
 * each charge is converted to the requested currency.
 *
 * base      = zone row at the billable weight (half-kilogram steps) × priceFactorBp
 * fuel      = base × fuelBp
 * surcharges: residential, signature (required / adult), Saturday delivery
 *             (only when the delivery lands on a Saturday), insurance per
 *             100 CAD insured, freight accessorials, and carrier X's estimated
 *             duties and taxes on international shipments when requested.
 */
import type { CarrierService } from '../../domain/entities';
import type { Money } from '../request-mapping';
import { KG_PER_LB } from '../request-mapping';
import { CarrierError, type CarrierQuote, type Commitment, type QuoteCharge } from '../../domain/carrier';
import { deliveryDate, isSaturday } from './calendar';
import { timezoneOf, zoneOf } from './geography';
import type { SandboxPiece, SandboxShipment } from './shipment';
import { BASE_CHARGE_NAME, CAD_PER_UNIT, CHARGES, type Tariff } from './tariffs';
import { canadianSalesTaxes } from './tax';

/** Dimensional weight of a piece in its own unit (lb or kg); 0 when the carrier knows the size itself. */
export function dimensionalWeight(piece: SandboxPiece, divisor: Tariff['dimDivisor']): number {
  if (!piece.dimensions) return 0;
  const { length, width, height } = piece.dimensions;
  return (length * width * height) / divisor[piece.unit];
}

/** Billable weight in kg: per piece the larger of actual and dimensional weight, times its count, summed. */
export function billableWeightKg(pieces: SandboxPiece[], divisor: Tariff['dimDivisor']): number {
  return pieces.reduce((kg, piece) => {
    const billable = Math.max(piece.weight, dimensionalWeight(piece, divisor));
    return kg + piece.count * (piece.unit === 'imperial' ? billable * KG_PER_LB : billable);
  }, 0);
}

/** Billable weight is charged in started half kilograms, at least one. */
export const halfKilograms = (kg: number): number => Math.max(1, Math.ceil(Math.round(kg * 2 * 1e6) / 1e6));

/** Multiplies by basis points, rounding to the cent. */
const bp = (amount: number, basisPoints: number) => Math.round((amount * basisPoints) / 10_000);

function cadPerUnit(carrierCode: string, currency: string): number {
  const rate = CAD_PER_UNIT[currency.toUpperCase()];
  if (rate === undefined) throw new CarrierError(carrierCode, `${carrierCode} does not handle currency ${currency}`);
  return rate;
}

const toCadCents = (carrierCode: string, money: Money) => Math.round(money.amount * 100 * cadPerUnit(carrierCode, money.currency));

function estimatedDutiesCad(shipment: SandboxShipment, tariff: Tariff): number | undefined {
  const international = shipment.origin.countryCode.toUpperCase() !== shipment.destination.countryCode.toUpperCase();
  if (!shipment.estimatedDuties || !tariff.estimatedDutiesBp || !international) return undefined;
  const value = shipment.estimatedDuties.customsValue;
  const rate = tariff.estimatedDutiesBp.byCountry[shipment.destination.countryCode.toUpperCase()] ?? tariff.estimatedDutiesBp.otherwise;
  return value ? bp(toCadCents(shipment.carrierCode, value), rate) : 0;
}

export function commitmentFor(shipment: SandboxShipment, service: CarrierService, tariff: Tariff): Commitment {
  // Saturday delivery is offered by parcel services of at most two transit days.
  const saturday = shipment.saturdayDelivery && tariff.saturdayDelivery !== undefined && service.transitDays <= 2;
  return {
    commitDate: deliveryDate(shipment.shipDate, service.transitDays, saturday),
    commitTime: service.commitTime,
    timezoneCode: timezoneOf(shipment.destination),
    guaranteed: service.guaranteed,
  };
}

/**
 * One quote per requested service the carrier offers (a code it does not
 * know is skipped, as a carrier answers only for its services).
 */
export function priceShipment(shipment: SandboxShipment, tariff: Tariff, catalog: CarrierService[]): CarrierQuote[] {
  const { carrierCode } = shipment;
  const zone = zoneOf(shipment.origin, shipment.destination);
  const row = tariff.zones[zone];
  if (!row) throw new CarrierError(carrierCode, `${carrierCode} does not serve zone ${zone}`);
  const fx = cadPerUnit(carrierCode, shipment.currency);
  const zoneTariff = row[0] + row[1] * (halfKilograms(billableWeightKg(shipment.pieces, tariff.dimDivisor)) - 1);
  const taxes = canadianSalesTaxes(shipment.origin);
  const duties = estimatedDutiesCad(shipment, tariff);

  const charge = (code: string, cadCents: number, billingCode?: string): QuoteCharge => {
    const kind = CHARGES[code];
    return {
      code,
      billingCode: billingCode ?? `${tariff.billingPrefix}${kind?.abbr ?? code}`,
      name: kind?.name ?? BASE_CHARGE_NAME,
      type: kind?.type ?? 'base',
      chips: kind?.chips ?? [],
      amount: Math.round(cadCents / fx),
    };
  };

  return shipment.serviceCodes.flatMap((serviceCode) => {
    const service = catalog.find((s) => s.carrierCode === carrierCode && s.code === serviceCode && !s.isDisabled);
    if (!service) return [];
    const commitment = commitmentFor(shipment, service, tariff);
    const base = bp(zoneTariff, service.priceFactorBp);
    const charges: QuoteCharge[] = [charge('BASE', base, service.billingCode), charge('FUEL', bp(base, tariff.fuelBp))];

    if (shipment.destination.residential) charges.push(charge('RESIDENTIAL', tariff.residential));
    if (shipment.signature === 'required' && tariff.signatureRequired !== undefined) {
      charges.push(charge('SIGNATURE', tariff.signatureRequired));
    }
    if (shipment.signature === 'adult' && tariff.signatureAdult !== undefined) {
      charges.push(charge('ADULT_SIGNATURE', tariff.signatureAdult));
    }
    if (shipment.saturdayDelivery && tariff.saturdayDelivery !== undefined && isSaturday(commitment.commitDate)) {
      charges.push(charge('SATURDAY_DELIVERY', tariff.saturdayDelivery));
    }
    if (shipment.insurance && shipment.insurance.amount > 0) {
      const hundreds = Math.ceil(toCadCents(carrierCode, shipment.insurance) / 10_000);
      charges.push(charge('INSURANCE', hundreds * tariff.insurancePer100));
    }
    for (const code of shipment.accessorials) {
      const price = tariff.accessorials?.[code];
      if (price === undefined) throw new CarrierError(carrierCode, `${carrierCode} does not offer accessorial ${code}`);
      charges.push(charge(code, price));
    }
    if (duties !== undefined) charges.push(charge('ESTIMATED_DUTIES_TAXES', duties));

    return [
      {
        carrierCode,
        serviceCode,
        currency: shipment.currency.toUpperCase(),
        fxRate: fx,
        charges,
        taxes: taxes.map((t) => ({ ...t, name: { ...t.name } })),
        commitment,
      },
    ];
  });
}
