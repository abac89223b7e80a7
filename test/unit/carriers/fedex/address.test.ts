/**
 * FedEx Address Validation: every request validates against the document's
 * request schema (Canada, Québec, the US, elsewhere; 1 and 100 addresses),
 * and the parser reads the simulator's answers, each valid against the
 * document's response schema, into our statuses and classifications, in
 * order.
 */
import { CarrierError, CarrierRefusal, type AddressValidationInput } from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import type { FedexApi } from '../../../../shared/carriers/fedex/api';
import {
  buildFedexAddressRequest,
  FEDEX_ADDRESS_PATH,
  fedexValidateAddresses,
  parseFedexAddresses,
  validationOf,
} from '../../../../shared/carriers/fedex/address';
import { expectValid, requestValidator, responseValidator } from '../../../../local/fedex/spec';
import { londonRecipient, newYorkRecipient, torontoShipper } from '../fixtures';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { signedIn } from '../../local/fedex/simulator-fixtures';

const montreal: Address = {
  personName: 'Félix Tremblay',
  addressLine1: '1000 Rue De La Gauchetière O',
  addressLine2: 'Bureau 2400',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
};
const torontoUnderQuebec: Address = { ...torontoShipper, provinceCode: 'QC' };
const nowhere: Address = { ...torontoShipper, addressLine1: 'Nowhere Lane' };
const badPostal: Address = { ...torontoShipper, postalCode: '12345' };

/** A FedEx client over the simulator that checks each body against the document, counting the calls. */
function simulatedApi() {
  const sim = signedIn();
  const sent: unknown[] = [];
  const api: FedexApi = {
    mode: 'test',
    scrub: (text) => text,
    send: ({ path, body }) => {
      expect(path).toBe(FEDEX_ADDRESS_PATH);
      expectValid(requestValidator('addressResolve'), body);
      sent.push(body);
      const answer = sim.call('addressResolve', body);
      expectValid(responseValidator('addressResolve', answer.status), answer.body);
      return Promise.resolve(answer);
    },
  };
  return { api, sent };
}
const signal = new AbortController().signal;

describeWithFedexDocuments('FedEx Address Validation', () => {
  it.each<[string, Address[]]>([
    ['one Canadian address', [torontoShipper]],
    ['Québec, two street lines', [montreal]],
    ['the US', [newYorkRecipient]],
    ['elsewhere, no province', [londonRecipient]],
    ['no postal code', [{ ...londonRecipient, postalCode: undefined }]],
    ['100 addresses', Array.from({ length: 100 }, (_, i) => ({ ...newYorkRecipient, addressLine1: `${i + 1} 5th Ave` }))],
  ])('builds a request the document takes: %s', (_name, addresses) => {
    const { body, sent } = buildFedexAddressRequest({ addresses });
    expectValid(requestValidator('addressResolve'), body);
    expect(sent).toEqual(addresses.map((_, i) => i));
    expect(body.addressesToValidate).toHaveLength(addresses.length);
  });

  it('sends Québec as PQ, street lines as two lines, postal codes without spaces', () => {
    expect(buildFedexAddressRequest({ addresses: [montreal] }).body.addressesToValidate[0]!.address).toEqual({
      streetLines: ['1000 Rue De La Gauchetière O', 'Bureau 2400'],
      city: 'Montréal',
      stateOrProvinceCode: 'PQ',
      postalCode: 'H3B4W5',
      countryCode: 'CA',
    });
  });

  it('answers every address in order: verified, corrected with its suggestion, unverified, invalid, with classification', async () => {
    const { api, sent } = simulatedApi();
    const addresses = [torontoShipper, torontoUnderQuebec, { ...newYorkRecipient, addressLine2: 'Suite 400' }, nowhere, badPostal, montreal];
    const results = await fedexValidateAddresses({ addresses }, api, signal);
    expect(sent).toHaveLength(1);
    expect(results.map((r) => [r.status, r.classification])).toEqual([
      ['verified', 'residential'],
      ['corrected', 'residential'],
      ['verified', 'commercial'],
      ['unverified', 'unknown'],
      ['invalid', 'unknown'],
      ['verified', 'residential'],
    ]);
    expect(results[1]!.suggestions).toEqual([{ ...torontoShipper, addressLine1: '100 KING ST W', city: 'TORONTO', provinceCode: 'ON', postalCode: 'M5H 1A1' }]);
    // FedEx's PQ is our QC: no correction.
    expect(results[5]!.suggestions[0]).toMatchObject({ provinceCode: 'QC', addressLine2: 'BUREAU 2400' });
    expect([results[3]!.suggestions, results[4]!.suggestions]).toEqual([[], []]);
  });

  it('a call FedEx refuses as NOTFOUND leaves every address unverified; an address with no city nor postal code is not sent', async () => {
    const { api, sent } = simulatedApi();
    const noPlace: Address = { personName: 'A', addressLine1: '1 Main St', countryCode: 'HK' };
    const results = await fedexValidateAddresses({ addresses: [nowhere, noPlace, badPostal] }, api, signal);
    expect(results.map((r) => r.status)).toEqual(['unverified', 'unverified', 'unverified']);
    expect(results.every((r) => r.messages[0]!.code === 'CARRIER_NOTE')).toBe(true);
    expect((sent[0] as { addressesToValidate: unknown[] }).addressesToValidate).toHaveLength(2);
    expect(await fedexValidateAddresses({ addresses: [noPlace] }, api, signal)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('over 100 addresses is refused before any call', () => {
    const input: AddressValidationInput = { addresses: Array.from({ length: 101 }, () => torontoShipper) };
    expect(() => buildFedexAddressRequest(input)).toThrow(CarrierRefusal);
  });

  it("reads FedEx's customer messages as notes, and a ZIP+4 FedEx adds as no correction", () => {
    const answer = {
      output: {
        resolvedAddresses: [
          {
            streetLinesToken: ['350 5TH AVE'],
            city: 'NEW YORK',
            stateOrProvinceCode: 'NY',
            countryCode: 'US',
            postalCodeToken: { changed: false, value: '10118-0110' },
            classification: 'MIXED',
            customerMessage: [{ code: 'INTERPOLATED.STREET.ADDRESS', message: 'Unable to confirm exact street number' }, 'RRHC.CONVERSION', 42],
            attributes: { Resolved: true },
          },
        ],
      },
    };
    expectValid(responseValidator('addressResolve', 200), answer);
    const [result] = parseFedexAddresses(answer, [newYorkRecipient]);
    expect(result).toEqual({
      status: 'verified',
      classification: 'mixed',
      suggestions: [{ ...newYorkRecipient, addressLine1: '350 5TH AVE', city: 'NEW YORK', postalCode: '10118-0110' }],
      messages: [
        { code: 'CARRIER_NOTE', message: 'INTERPOLATED.STREET.ADDRESS: Unable to confirm exact street number' },
        { code: 'CARRIER_NOTE', message: 'RRHC.CONVERSION' },
      ],
    });
  });

  it('an answer of another count, or beyond its bounds, is a CarrierError', () => {
    const one = { streetLinesToken: ['1 A ST'], attributes: { Resolved: true } };
    expect(() => parseFedexAddresses({ output: { resolvedAddresses: [one, one] } }, [newYorkRecipient])).toThrow(CarrierError);
    expect(() => parseFedexAddresses({ output: { resolvedAddresses: [{ ...one, city: 'x'.repeat(101) }] } }, [newYorkRecipient])).toThrow(
      /malformed address resolution at output\.resolvedAddresses\.0\.city/,
    );
    expect(() => parseFedexAddresses({ output: { resolvedAddresses: [{ ...one, customerMessage: Array(21).fill('x') }] } }, [newYorkRecipient])).toThrow(
      CarrierError,
    );
  });

  it('not validly formed is invalid only in a country FedEx covers; suite attributes are notes about addressLine2', () => {
    const unresolved = (attributes: Record<string, boolean>) => validationOf(londonRecipient, { classification: 'UNKNOWN', attributes }).status;
    expect(unresolved({ Resolved: false, ValidlyFormed: false, CountrySupported: true })).toBe('invalid');
    expect(unresolved({ Resolved: false, ValidlyFormed: false, CountrySupported: false })).toBe('unverified');
    expect(
      validationOf(newYorkRecipient, { streetLinesToken: ['350 5TH AVE'], attributes: { Resolved: true, SuiteRequiredButMissing: true } }).messages,
    ).toEqual([{ code: 'CARRIER_NOTE', message: 'FedEx: the address needs a suite or unit number', field: 'addressLine2' }]);
  });

  it('an unknown classification is unknown; an unresolved answer that says nothing is unverified', () => {
    expect(validationOf(newYorkRecipient, { classification: 'CASTLE' })).toEqual({
      status: 'unverified',
      classification: 'unknown',
      suggestions: [],
      messages: [],
    });
  });
});
