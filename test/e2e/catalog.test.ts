/**
 * The catalog endpoints over HTTP (spec 4.1-4.3, docs/decisions.md), against the
 * reference data the runtime loaded and companies made through the admin
 * commands. Catalog endpoints need no scope: any valid key passes.
 */
import { carriers as referenceCarriers, services as referenceServices } from '../../shared/reference/carriers';
import { defaultPackagingTypes } from '../../shared/reference/packaging';
import { pricingPlans } from '../../shared/reference/pricing-groups';
import type { PackagingType } from '../../client';
import { admin, api, client, companyWithKey, expectErrorBody, expectTypedError } from '../support/e2e';

/** GET /v1/packaging-types through the typed client: the entries. */
const packagingTypes = async (key: string): Promise<PackagingType[]> => {
  const { data, response } = await client(key).GET('/v1/packaging-types');
  expect(response.status).toBe(200);
  return data!.data;
};

const services = (key: string, carrierCode: string) => client(key).GET('/v1/carrier-services', { params: { query: { carrierCode } } });

const groupCarriers = (groupId: string) => {
  const planned = pricingPlans.filter((p) => p.pricingGroupId === groupId).map((p) => p.carrierCode);
  return planned.map((code) => {
    const c = referenceCarriers.find((x) => x.code === code)!;
    return { code: c.code, fullName: c.fullName, shortName: c.shortName, kind: c.kind };
  });
};

let acme: { companyId: string; apiKey: string };
let other: { companyId: string; apiKey: string };
let parcel: { companyId: string; apiKey: string };
let acmeBoxes: string[];
let otherBox: string;

beforeAll(async () => {
  [acme, other, parcel] = await Promise.all([companyWithKey(), companyWithKey(), companyWithKey({ pricingGroup: 'parcel' })]);
  const box = (companyId: string, name: string, ...extra: string[]) =>
    admin<{ id: string }>('box', 'create', '--company', companyId, '--name', name, '--length', '12', '--width', '10', '--height', '8', ...extra);
  const first = await box(acme.companyId, 'Acme small', '--weight', '0.3');
  const second = await box(acme.companyId, 'Acme metric', '--metric');
  acmeBoxes = [first.id, second.id];
  otherBox = (await box(other.companyId, 'Other box')).id;
});

describe('GET /v1/packaging-types', () => {
  let entries: PackagingType[];
  beforeAll(async () => {
    entries = await packagingTypes(acme.apiKey);
  });

  it('lists every default, then the company custom boxes', () => {
    const defaultIds = defaultPackagingTypes.map((p) => p.id);
    const ids = entries.map((e) => e.id);
    expect(ids.slice(0, defaultIds.length).sort()).toEqual([...defaultIds].sort());
    expect(ids.slice(defaultIds.length).sort()).toEqual([...acmeBoxes].sort());
  });

  it('marks custom boxes with categoryName Generic and createdDate, and defaults never', () => {
    const custom = entries.filter((e) => acmeBoxes.includes(e.id));
    for (const box of custom) {
      expect(box).toEqual(
        expect.objectContaining({ categoryName: 'Generic', createdDate: expect.any(String), isDefault: expect.any(Boolean), isMetric: expect.any(Boolean) }),
      );
      for (const field of ['width', 'height', 'length', 'weight'] as const) expect(typeof box[field]).toBe('number');
    }
    expect(custom.find((b) => b.name === 'Acme metric')?.isMetric).toBe(true);
    for (const d of entries.filter((e) => !acmeBoxes.includes(e.id))) expect(d.categoryName).not.toBe('Generic');
  });

  it('never shows store fields (pk, sk, companyId, entityType)', () => {
    for (const entry of entries) {
      for (const field of ['pk', 'sk', 'companyId', 'entityType', 'expiresAtEpoch']) expect(entry).not.toHaveProperty(field);
    }
  });

  it("another company sees the defaults and its own box, never this company's boxes", async () => {
    const ids = (await packagingTypes(other.apiKey)).map((e) => e.id);
    expect(ids).toContain(otherBox);
    for (const id of acmeBoxes) expect(ids).not.toContain(id);
    expect(ids).toHaveLength(defaultPackagingTypes.length + 1);
  });

  it('a company without boxes gets the defaults only', async () => {
    const ids = (await packagingTypes(parcel.apiKey)).map((e) => e.id);
    expect(ids.sort()).toEqual(defaultPackagingTypes.map((p) => p.id).sort());
  });
});

describe('GET /v1/carriers', () => {
  it('pricing group default: the four carriers as {code, fullName, shortName, kind}', async () => {
    const { data, response } = await client(acme.apiKey).GET('/v1/carriers');
    expect(response.status).toBe(200);
    expect(data!.data).toEqual(groupCarriers('default'));
  });

  it('pricing group parcel: no freight carrier', async () => {
    const list = (await client(parcel.apiKey).GET('/v1/carriers')).data!.data;
    expect(list).toEqual(groupCarriers('parcel'));
    expect(list.map((c) => c.code)).not.toContain('CARRIERF');
  });
});

describe('GET /v1/carrier-services', () => {
  it('is 400 without carrierCode', async () => {
    expectErrorBody(await api('/carrier-services', { key: acme.apiKey }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await api('/carrier-services?carrierCode=', { key: acme.apiKey }), 400, 'VALIDATION_FAILED');
  });

  it('is 404 for a carrier that does not exist', async () => {
    expectTypedError(await services(acme.apiKey, 'NOPE'), 404, 'NOT_FOUND');
  });

  it("is 404 for a carrier outside the company's pricing group", async () => {
    expectTypedError(await services(parcel.apiKey, 'CARRIERF'), 404, 'NOT_FOUND');
    expect((await services(acme.apiKey, 'CARRIERF')).response.status).toBe(200);
  });

  it('lists default first, then the enabled services; disabled ones are left out', async () => {
    const { data, response } = await services(acme.apiKey, 'CARRIERX');
    expect(response.status).toBe(200);
    const list = data!.data;
    expect(list[0]?.code).toBe('default');
    const enabled = referenceServices.filter((s) => s.carrierCode === 'CARRIERX' && !s.isDisabled).map((s) => s.code);
    expect(
      list
        .slice(1)
        .map((s) => s.code)
        .sort(),
    ).toEqual([...enabled].sort());
    expect(list.map((s) => s.code)).not.toContain('CARRIERX_FIRST_OVERNIGHT');
    for (const entry of list) {
      expect(entry).toEqual({ code: expect.any(String), shortName: expect.any(Object), fullName: expect.any(Object) });
    }
  });
});

describe('catalog endpoints need no scope', () => {
  it.each(['/packaging-types', '/carriers', '/carrier-services?carrierCode=CARRIERY'])('%s passes with a key whose scopes are all unrelated', async (path) => {
    const scoped = await admin<{ apiKey: string }>('key', 'create', '--company', acme.companyId, '--scopes', 'shipments:track,shipments:cancel');
    expect((await api(path, { key: scoped.apiKey })).status).toBe(200);
  });

  it.each(['/packaging-types', '/carriers', '/carrier-services?carrierCode=CARRIERY'])('%s passes with a key with empty scopes', async (path) => {
    expect((await api(path, { key: acme.apiKey })).status).toBe(200);
  });
});
