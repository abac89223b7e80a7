/** The validator of Canada Post's XML (local/canada-post/xsd.ts) finds what breaks a schema, so a request it passes is one Canada Post's schema allows. */
import { canadaPostXmlProblems, canadaPostXsdDir } from '../../../../local/canada-post/xsd';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';

const scenario = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>
<mailing-scenario xmlns="http://www.canadapost.ca/ws/ship/rate-v4">${inner}</mailing-scenario>`;
const valid =
  '<customer-number>2004381</customer-number><parcel-characteristics><weight>1.000</weight></parcel-characteristics><origin-postal-code>K2B8J6</origin-postal-code><destination><domestic><postal-code>J0E1X0</postal-code></domestic></destination>';

describeWithCanadaPostSchemas("Canada Post's schemas", () => {
  it('passes a mailing scenario that follows rating.xsd', async () => {
    expect(await canadaPostXmlProblems(scenario(valid), 'rating.xsd')).toEqual([]);
  });

  it('names what breaks it: a missing element, an unknown one, another namespace, a value out of its type, XML that is not well-formed', async () => {
    expect((await canadaPostXmlProblems(scenario(valid.replace('<origin-postal-code>K2B8J6</origin-postal-code>', '')), 'rating.xsd')).join('\n')).toMatch(
      /origin-postal-code/,
    );
    expect((await canadaPostXmlProblems(scenario(`${valid}<colour>red</colour>`), 'rating.xsd')).join('\n')).toMatch(/colour/);
    // Another service's namespace is not this schema's element.
    expect(await canadaPostXmlProblems(scenario(valid).replace('ship/rate-v4', 'shipment-v8'), 'rating.xsd')).not.toEqual([]);
    expect((await canadaPostXmlProblems(scenario(valid.replace('1.000', '1.0001')), 'rating.xsd')).join('\n')).toMatch(/weight/);
    expect(await canadaPostXmlProblems('<mailing-scenario', 'rating.xsd')).not.toEqual([]);
  });
});

it('looks for the schemas in CANADAPOST_XSD_DIR first, else beside the project', () => {
  expect(canadaPostXsdDir({ CANADAPOST_XSD_DIR: '/tmp/cp' })).toBe('/tmp/cp');
  expect(canadaPostXsdDir({})).toMatch(/shared\/carrier-specs\/canada-post$/);
});
