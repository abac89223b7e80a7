/** Requests to the local Canada Post (local/canada-post/simulator.ts), written from Canada Post's schemas and documentation: valid unless a test changes them. */
export const CUSTOMER = '2004381';
export const CONTRACT = '42708517';
export const CLIENT = { username: '6e93d53968881714', password: '0bfa9fcb9853d1f51ee57a' };
export const basic = (username = CLIENT.username, password = CLIENT.password) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export const mailingScenario = (destination = '<domestic><postal-code>J0E1X0</postal-code></domestic>', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<mailing-scenario xmlns="http://www.canadapost.ca/ws/ship/rate-v4">
  <customer-number>${CUSTOMER}</customer-number>
  <contract-id>${CONTRACT}</contract-id>
  <expected-mailing-date>2026-03-02</expected-mailing-date>
  ${extra}
  <parcel-characteristics><weight>1.500</weight><dimensions><length>30.0</length><width>20.0</width><height>10.0</height></dimensions></parcel-characteristics>
  <origin-postal-code>K2B8J6</origin-postal-code>
  <destination>${destination}</destination>
</mailing-scenario>`;

const deliverySpec = (opts: {
  service?: string;
  print?: string;
  settlement?: string;
  destination?: string;
  customs?: string;
  nonContract?: boolean;
}) => `<delivery-spec>
    <service-code>${opts.service ?? 'DOM.EP'}</service-code>
    <sender>
      <company>Maple &amp; Co</company>
      <contact-phone>613-555-0100</contact-phone>
      <address-details><address-line-1>100 Main St</address-line-1><city>Ottawa</city><prov-state>ON</prov-state>${opts.nonContract ? '' : '<country-code>CA</country-code>'}<postal-zip-code>K2B8J6</postal-zip-code></address-details>
    </sender>
    <destination>
      <name>Jane Doe</name>
      <address-details>${opts.destination ?? '<address-line-1>1 Rue Principale</address-line-1><city>Sutton</city><prov-state>QC</prov-state><country-code>CA</country-code><postal-zip-code>J0E1X0</postal-zip-code>'}</address-details>
    </destination>
    <options><option><option-code>SO</option-code></option></options>
    <parcel-characteristics><weight>1.500</weight><dimensions><length>30.0</length><width>20.0</width><height>10.0</height></dimensions></parcel-characteristics>
    ${opts.print ?? ''}
    <preferences><show-packing-instructions>false</show-packing-instructions></preferences>
    <references><customer-ref-1>order-42</customer-ref-1></references>
    ${opts.customs ?? ''}
    ${opts.settlement ?? ''}
  </delivery-spec>`;

export const contractShipment = (
  opts: { requestId?: string; groupId?: string; encoding?: 'PDF' | 'ZPL'; service?: string; destination?: string; customs?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<shipment xmlns="http://www.canadapost.ca/ws/shipment-v8">
  ${opts.requestId ? `<customer-request-id>${opts.requestId}</customer-request-id>` : ''}
  ${opts.groupId === '' ? '<transmit-shipment>true</transmit-shipment>' : `<group-id>${opts.groupId ?? 'shipping-api-20260302'}</group-id>`}
  <requested-shipping-point>K2B8J6</requested-shipping-point>
  <expected-mailing-date>2026-03-02</expected-mailing-date>
  ${deliverySpec({
    ...opts,
    print: `<print-preferences><output-format>4x6</output-format><encoding>${opts.encoding ?? 'PDF'}</encoding></print-preferences>`,
    settlement: `<settlement-info><contract-id>${CONTRACT}</contract-id><intended-method-of-payment>Account</intended-method-of-payment></settlement-info>`,
  })}
</shipment>`;

export const nonContractShipment = () => `<?xml version="1.0" encoding="UTF-8"?>
<non-contract-shipment xmlns="http://www.canadapost.ca/ws/ncshipment-v4">
  <requested-shipping-point>K2B8J6</requested-shipping-point>
  ${deliverySpec({ nonContract: true })}
</non-contract-shipment>`;

export const refundRequest = (kind: 'contract' | 'nonContract' = 'contract') =>
  kind === 'contract'
    ? '<?xml version="1.0" encoding="UTF-8"?><shipment-refund-request xmlns="http://www.canadapost.ca/ws/shipment-v8"><email>ops@example.com</email></shipment-refund-request>'
    : '<?xml version="1.0" encoding="UTF-8"?><non-contract-shipment-refund-request xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><email>ops@example.com</email></non-contract-shipment-refund-request>';

export const transmitSet = (groupIds: string[], excluded: string[] = []) => `<?xml version="1.0" encoding="UTF-8"?>
<transmit-set xmlns="http://www.canadapost.ca/ws/manifest-v8">
  <group-ids>${groupIds.map((g) => `<group-id>${g}</group-id>`).join('')}</group-ids>
  <requested-shipping-point>K2B8J6</requested-shipping-point>
  <detailed-manifests>true</detailed-manifests>
  <method-of-payment>Account</method-of-payment>
  <manifest-address>
    <manifest-company>Maple &amp; Co</manifest-company>
    <phone-number>613-555-0100</phone-number>
    <address-details><address-line-1>100 Main St</address-line-1><city>Ottawa</city><prov-state>ON</prov-state><postal-zip-code>K2B8J6</postal-zip-code></address-details>
  </manifest-address>
  ${excluded.length > 0 ? `<excluded-shipments>${excluded.map((id) => `<shipment-id>${id}</shipment-id>`).join('')}</excluded-shipments>` : ''}
</transmit-set>`;
