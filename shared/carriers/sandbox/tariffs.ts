/**
 * Rate tables of the sandbox carriers. Amounts are CAD cents. A zone row is
 * [first half kilogram, each additional half kilogram]; the base tariff is
 * that times the service's `priceFactorBp`.
 */
import type { Localized } from '../../domain/entities';
import type { QuoteCharge } from '../../domain/carrier';
import type { Zone } from './geography';

type ZoneRates = Partial<Record<Zone, readonly [firstHalfKg: number, additionalHalfKg: number]>>;

export type Tariff = {
  carrierCode: string;
  /** Prefix of the billing codes of this carrier's charges. */
  billingPrefix: string;
  /** Dimensional weight divisors: in³ per lb and cm³ per kg. */
  dimDivisor: { imperial: number; metric: number };
  /** Zones the carrier serves; a zone without a row is not served. */
  zones: ZoneRates;
  /** Fuel surcharge on the base tariff, basis points. */
  fuelBp: number;
  residential: number;
  /** Absent where the carrier has no such service (freight). */
  signatureRequired?: number;
  signatureAdult?: number;
  saturdayDelivery?: number;
  /** Per 100 CAD (or part of it) of the insured amount. */
  insurancePer100: number;
  /** Freight accessorials by code. */
  accessorials?: Partial<Record<string, number>>;
  /** Estimated duties and taxes on the customs value by destination country, basis points. */
  estimatedDutiesBp?: { byCountry: Record<string, number>; otherwise: number };
};

export const TARIFFS: Record<string, Tariff> = {
  CARRIERX: {
    carrierCode: 'CARRIERX',
    billingPrefix: 'X',
    dimDivisor: { imperial: 139, metric: 5000 },
    zones: {
      CA1: [1250, 95],
      CA2: [1450, 110],
      CA3: [1650, 130],
      CA4: [1900, 150],
      CA5: [2150, 170],
      CA_REMOTE: [3400, 260],
      US1: [1300, 100],
      US2: [1600, 125],
      US3: [1950, 155],
      CA_US: [2900, 210],
      INTL: [5200, 420],
    },
    fuelBp: 1850,
    residential: 550,
    signatureRequired: 650,
    signatureAdult: 800,
    saturdayDelivery: 1600,
    insurancePer100: 110,
    estimatedDutiesBp: { byCountry: { US: 800, CA: 1300, GB: 2000, FR: 2000, DE: 1900, AU: 1500, MX: 1600 }, otherwise: 1500 },
  },
  CARRIERY: {
    carrierCode: 'CARRIERY',
    billingPrefix: 'Y',
    dimDivisor: { imperial: 166, metric: 6000 },
    zones: {
      CA1: [1100, 90],
      CA2: [1300, 105],
      CA3: [1500, 120],
      CA4: [1750, 140],
      CA5: [1990, 160],
      CA_REMOTE: [2900, 230],
      US1: [1600, 130],
      US2: [1900, 150],
      US3: [2300, 175],
      CA_US: [2600, 200],
      INTL: [4800, 390],
    },
    fuelBp: 1575,
    residential: 450,
    signatureRequired: 200,
    signatureAdult: 550,
    saturdayDelivery: 1500,
    insurancePer100: 95,
  },
  CARRIERZ: {
    carrierCode: 'CARRIERZ',
    billingPrefix: 'Z',
    dimDivisor: { imperial: 139, metric: 5000 },
    zones: {
      CA1: [1200, 100],
      CA2: [1400, 115],
      CA3: [1600, 135],
      CA4: [1850, 155],
      CA5: [2100, 175],
      CA_REMOTE: [3600, 280],
      US1: [1150, 90],
      US2: [1400, 110],
      US3: [1700, 135],
      CA_US: [2700, 205],
      INTL: [5000, 400],
    },
    fuelBp: 1700,
    residential: 500,
    signatureRequired: 575,
    signatureAdult: 700,
    saturdayDelivery: 1800,
    insurancePer100: 100,
  },
  CARRIERF: {
    carrierCode: 'CARRIERF',
    billingPrefix: 'F',
    // LTL density of 10 lb/ft³ (160 kg/m³).
    dimDivisor: { imperial: 173, metric: 6250 },
    zones: {
      CA1: [14500, 38],
      CA2: [16500, 44],
      CA3: [18500, 50],
      CA4: [21000, 58],
      CA5: [23500, 66],
      CA_REMOTE: [39000, 120],
      US1: [15500, 40],
      US2: [18000, 48],
      US3: [21000, 56],
      CA_US: [26000, 70],
    },
    fuelBp: 2900,
    residential: 9500,
    insurancePer100: 80,
    accessorials: {
      TAILGATE_PICKUP: 7500,
      TAILGATE_DELIVERY: 7500,
      TWO_PERSON_PICKUP: 9500,
      TWO_PERSON_DELIVERY: 9500,
      AFTER_HOURS_PICKUP: 12000,
      AFTER_HOURS_DELIVERY: 12000,
      DELIVERY_APPOINTMENT: 3500,
      PREBOOKED_APPOINTMENT: 4500,
      PICKUP_APPOINTMENT: 3500,
    },
  },
};

type ChargeKind = { abbr: string; type: QuoteCharge['type']; name: Localized; chips?: string[] };

/** Every charge the sandbox network issues besides the base tariff. */
export const CHARGES: Record<string, ChargeKind> = {
  FUEL: { abbr: 'FSC', type: 'fuel', name: { en: 'Fuel surcharge', fr: 'Supplément carburant' } },
  RESIDENTIAL: { abbr: 'RES', type: 'surcharge', name: { en: 'Residential delivery', fr: 'Livraison résidentielle' } },
  SIGNATURE: { abbr: 'SIG', type: 'surcharge', name: { en: 'Signature required', fr: 'Signature requise' } },
  ADULT_SIGNATURE: { abbr: 'ASR', type: 'surcharge', name: { en: 'Adult signature required', fr: "Signature d'un adulte requise" } },
  SATURDAY_DELIVERY: { abbr: 'SAT', type: 'surcharge', name: { en: 'Saturday delivery', fr: 'Livraison le samedi' } },
  INSURANCE: { abbr: 'INS', type: 'surcharge', name: { en: 'Declared value coverage', fr: 'Couverture de la valeur déclarée' } },
  ESTIMATED_DUTIES_TAXES: {
    abbr: 'EDT',
    type: 'duties',
    name: { en: 'Estimated duties and taxes', fr: 'Droits et taxes estimés' },
    chips: ['estimate'],
  },
  TAILGATE_PICKUP: { abbr: 'TGP', type: 'accessorial', name: { en: 'Tailgate at pickup', fr: 'Hayon à la cueillette' } },
  TAILGATE_DELIVERY: { abbr: 'TGD', type: 'accessorial', name: { en: 'Tailgate at delivery', fr: 'Hayon à la livraison' } },
  TWO_PERSON_PICKUP: { abbr: 'TPP', type: 'accessorial', name: { en: 'Two-person pickup', fr: 'Cueillette à deux personnes' } },
  TWO_PERSON_DELIVERY: { abbr: 'TPD', type: 'accessorial', name: { en: 'Two-person delivery', fr: 'Livraison à deux personnes' } },
  AFTER_HOURS_PICKUP: { abbr: 'AHP', type: 'accessorial', name: { en: 'After-hours pickup', fr: 'Cueillette hors des heures' } },
  AFTER_HOURS_DELIVERY: { abbr: 'AHD', type: 'accessorial', name: { en: 'After-hours delivery', fr: 'Livraison hors des heures' } },
  DELIVERY_APPOINTMENT: { abbr: 'APT', type: 'accessorial', name: { en: 'Delivery appointment', fr: 'Rendez-vous de livraison' } },
  PREBOOKED_APPOINTMENT: {
    abbr: 'PBA',
    type: 'accessorial',
    name: { en: 'Prebooked delivery appointment', fr: 'Rendez-vous de livraison préréservé' },
  },
  PICKUP_APPOINTMENT: { abbr: 'PUA', type: 'accessorial', name: { en: 'Pickup appointment', fr: 'Rendez-vous de cueillette' } },
};

export const BASE_CHARGE_NAME: Localized = { en: 'Base rate', fr: 'Tarif de base' };

/** CAD per unit of each currency the sandbox network quotes or reads. */
export const CAD_PER_UNIT: Record<string, number> = { CAD: 1, USD: 1.37, EUR: 1.49, GBP: 1.74 };
