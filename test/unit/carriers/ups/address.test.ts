/**
 * UPS Address Validation Street Level: every request validates against
 * AddressValidation.yaml's request schema (the US, Puerto Rico, ZIP and
 * ZIP+4), and the parser reads the UPS simulator's answers, each valid
 * against the document's response schema, into our statuses and
 * classifications.
 */
import { CarrierError, CarrierRefusal } from '../../../../shared/domain/carrier';
import type { Address } from '../../../../shared/domain/rate/schema';
import type { UpsApi } from '../../../../shared/carriers/ups/api';
import { buildUpsAddressRequest, parseUpsAddress, UPS_ADDRESS_PATH, upsValidateAddresses } from '../../../../shared/carriers/ups/address';
import { createUpsSimulator } from '../../../../local/ups/simulator';
import { expectValid, requestExamples, requestSchemaName, responseSchemaName, validatorFor } from '../../../../local/ups/spec';
import { newYorkRecipient, torontoShipper } from '../fixtures';

const DOC = 'AddressValidation';
const PATH_KEY = '/addressvalidation/{version}/{requestoption}';
const requestValidator = () => validatorFor(DOC, requestSchemaName(DOC, PATH_KEY));
const responseValidator = (status: number) => validatorFor(DOC, responseSchemaName(DOC, PATH_KEY, String(status)));

const losAngeles: Address = {
  personName: 'Eve Buyer',
  companyName: 'Sunset Props',
  addressLine1: '6801 Hollywood Blvd',
  addressLine2: 'Suite 180',
  city: 'Los Angeles',
  provinceCode: 'CA',
  postalCode: '90028-6136',
  countryCode: 'US',
};
const sanJuan: Address = {
  personName: 'Luis Rivera',
  addressLine1: '151 Calle San Francisco',
  city: 'San Juan',
  provinceCode: 'PR',
  postalCode: '00901',
  countryCode: 'PR',
};

/** A UPS client over the simulator that checks each request against the document. */
function simulatedApi() {
  const simulator = createUpsSimulator();
  const api: UpsApi = {
    mode: 'test',
    send: (request) => {
      expect([request.method, request.path, request.query]).toEqual(['POST', UPS_ADDRESS_PATH, { maximumcandidatelistsize: '5' }]);
      expectValid(requestValidator(), request.body);
      const answer = simulator.send(request);
      expectValid(responseValidator(answer.status), answer.body);
      return Promise.resolve(answer);
    },
  };
  return { api, simulator };
}
const signal = new AbortController().signal;
const validate = async (address: Address) => {
  const { api } = simulatedApi();
  return (await upsValidateAddresses({ addresses: [address] }, api, signal))[0]!;
};

describe('UPS Address Validation Street Level', () => {
  it.each<[string, Address]>([
    ['a US address, ZIP code', newYorkRecipient],
    ['a US address, ZIP+4, two street lines', losAngeles],
    ['Puerto Rico', sanJuan],
    ['no city, no state, no postal code', { personName: 'A', addressLine1: '1 Main St', countryCode: 'US' }],
  ])('builds a request the document takes: %s', (_name, address) => {
    expectValid(requestValidator(), buildUpsAddressRequest(address));
  });

  it("the document's own example validates, so the validator is the document's", () => {
    for (const example of requestExamples(DOC, PATH_KEY)) expectValid(requestValidator(), example.value);
  });

  it('splits a ZIP+4 and sends no field empty', () => {
    expect(buildUpsAddressRequest(losAngeles)).toEqual({
      XAVRequest: {
        AddressKeyFormat: {
          AddressLine: ['6801 Hollywood Blvd', 'Suite 180'],
          PoliticalDivision2: 'Los Angeles',
          PoliticalDivision1: 'CA',
          PostcodePrimaryLow: '90028',
          PostcodeExtendedLow: '6136',
          CountryCode: 'US',
        },
      },
    });
    expect(buildUpsAddressRequest(torontoShipper)).toBeUndefined();
  });

  it('a valid address is verified, its ZIP+4 added as no correction, classified', async () => {
    expect(await validate(newYorkRecipient)).toEqual({
      status: 'verified',
      classification: 'residential',
      suggestions: [{ ...newYorkRecipient, addressLine1: '350 5TH AVE', city: 'NEW YORK', postalCode: '10118-0350' }],
      messages: [],
    });
    expect(await validate(losAngeles)).toMatchObject({ status: 'verified', classification: 'commercial' });
    expect(await validate(sanJuan)).toMatchObject({ status: 'verified', suggestions: [{ provinceCode: 'PR', countryCode: 'PR' }] });
  });

  it('a wrong state for the ZIP code is corrected; an ambiguous street is unverified with candidates; an unknown one invalid', async () => {
    expect(await validate({ ...newYorkRecipient, provinceCode: 'NJ' })).toMatchObject({ status: 'corrected', suggestions: [{ provinceCode: 'NY' }] });
    const ambiguous = await validate({ ...newYorkRecipient, addressLine1: '350 5th' });
    expect(ambiguous.status).toBe('unverified');
    expect(ambiguous.suggestions.map((s) => s.addressLine1)).toEqual(['350 5TH ST', '350 5TH AVE']);
    expect(await validate({ ...newYorkRecipient, addressLine1: 'Nowhere Lane' })).toMatchObject({
      status: 'invalid',
      classification: 'unknown',
      suggestions: [],
      messages: [{ code: 'CARRIER_NOTE', message: 'UPS found no such address' }],
    });
  });

  it('another country is unverified without a call; more than one address a call is refused', async () => {
    const { api, simulator } = simulatedApi();
    const [result] = await upsValidateAddresses({ addresses: [torontoShipper] }, api, signal);
    expect(result).toMatchObject({ status: 'unverified', messages: [{ code: 'CARRIER_NOTE', message: 'UPS validates addresses of US and PR only' }] });
    expect(simulator.received).toHaveLength(0);
    await expect(upsValidateAddresses({ addresses: [newYorkRecipient, losAngeles] }, api, signal)).rejects.toBeInstanceOf(CarrierRefusal);
  });

  it("reads UPS's alerts as notes; a failure status, an unbounded or malformed answer is a CarrierError", () => {
    const ok = {
      XAVResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' }, Alert: [{ Code: '264004', Description: 'Street name changed' }] },
        ValidAddressIndicator: '',
        Candidate: [
          {
            AddressKeyFormat: {
              AddressLine: ['350 5TH AVE'],
              PoliticalDivision2: 'NEW YORK',
              PoliticalDivision1: 'NY',
              PostcodePrimaryLow: '10118',
              CountryCode: 'US',
            },
          },
        ],
      },
    };
    expectValid(responseValidator(200), ok);
    expect(parseUpsAddress(ok, newYorkRecipient)).toMatchObject({
      status: 'verified',
      classification: 'unknown',
      messages: [{ code: 'CARRIER_NOTE', message: '264004: Street name changed' }],
    });
    const failed = { XAVResponse: { Response: { ResponseStatus: { Code: '0', Description: 'Failure' } } } };
    expect(() => parseUpsAddress(failed, newYorkRecipient)).toThrow(CarrierError);
    const many = { XAVResponse: { ...ok.XAVResponse, Candidate: Array(51).fill(ok.XAVResponse.Candidate[0]) } };
    expect(() => parseUpsAddress(many, newYorkRecipient)).toThrow(/malformed address validation at XAVResponse\.Candidate/);
    expect(() => parseUpsAddress({ XAVResponse: {} }, newYorkRecipient)).toThrow(CarrierError);
  });

  it('the stand-in refuses a request the document does not take, and a country UPS does not cover', () => {
    const simulator = createUpsSimulator();
    const send = (body: unknown) => simulator.send({ method: 'POST', path: UPS_ADDRESS_PATH, body, retryable: true });
    expect(send({ XAVRequest: { AddressKeyFormat: { AddressLine: ['1 Main St'] } } })).toMatchObject({ status: 400 });
    expect(send({ XAVRequest: { AddressKeyFormat: { AddressLine: ['100 King St W'], CountryCode: 'CA' } } })).toMatchObject({ status: 400 });
  });

  it("UPS's refusal of the request is a CarrierRefusal", async () => {
    const api: UpsApi = {
      mode: 'test',
      send: () => Promise.resolve({ status: 400, body: { response: { errors: [{ code: '264002', message: 'Country code is invalid' }] } } }),
    };
    await expect(upsValidateAddresses({ addresses: [newYorkRecipient] }, api, signal)).rejects.toThrow(CarrierRefusal);
  });
});
