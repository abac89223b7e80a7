/**
 * FedEx's parcel services from Canada (its Canada service list: within
 * Canada, to the US, abroad) and within the US, by FedEx's `serviceType`
 * (Rates and Transit Times, Ship), the service's `billingCode` in the
 * catalog. Our code is FedEx's, prefixed `FEDEX_` where FedEx's is not. A
 * FedEx service not listed here is not quoted.
 */
export type FedexService = {
  code: string;
  fedexCode: string;
  name: string;
  /** FedEx's operating company: Ground (FDXG) closes its day with Ground End of Day Close; Express (FDXE) needs none. */
  category: 'EXPRESS' | 'GROUND';
  days: number;
  commitTime: string;
  guaranteed: boolean;
};

const s = (fedexCode: string, name: string, category: FedexService['category'], days: number, commitTime: string, guaranteed: boolean): FedexService => ({
  code: fedexCode.startsWith('FEDEX_') ? fedexCode : `FEDEX_${fedexCode}`,
  fedexCode,
  name,
  category,
  days,
  commitTime,
  guaranteed,
});

export const FEDEX_SERVICES: readonly FedexService[] = [
  s('FIRST_OVERNIGHT', 'FedEx First Overnight', 'EXPRESS', 1, '08:00', true),
  s('PRIORITY_OVERNIGHT', 'FedEx Priority Overnight', 'EXPRESS', 1, '10:30', true),
  s('STANDARD_OVERNIGHT', 'FedEx Standard Overnight', 'EXPRESS', 1, '17:00', true),
  s('FEDEX_2_DAY', 'FedEx 2Day', 'EXPRESS', 2, '17:00', true),
  s('FEDEX_EXPRESS_SAVER', 'FedEx Express Saver', 'EXPRESS', 3, '17:00', true),
  s('FEDEX_GROUND', 'FedEx Ground', 'GROUND', 3, '23:59', false),
  s('GROUND_HOME_DELIVERY', 'FedEx Home Delivery', 'GROUND', 3, '20:00', false),
  s('INTERNATIONAL_FIRST', 'FedEx International First', 'EXPRESS', 2, '08:00', true),
  s('FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 'FedEx International Priority Express', 'EXPRESS', 2, '10:30', true),
  s('FEDEX_INTERNATIONAL_PRIORITY', 'FedEx International Priority', 'EXPRESS', 3, '17:00', true),
  s('INTERNATIONAL_ECONOMY', 'FedEx International Economy', 'EXPRESS', 5, '17:00', true),
  s('FEDEX_INTERNATIONAL_CONNECT_PLUS', 'FedEx International Connect Plus', 'EXPRESS', 5, '23:59', false),
];

const byFedexCode = new Map(FEDEX_SERVICES.map((x) => [x.fedexCode, x]));
const byCode = new Map(FEDEX_SERVICES.map((x) => [x.code, x]));

export const fedexServiceByFedexCode = (fedexCode: string): FedexService | undefined => byFedexCode.get(fedexCode);
/** The FedEx service of one of our service codes (`FEDEX_GROUND`). */
export const fedexServiceByCode = (code: string): FedexService | undefined => byCode.get(code);
