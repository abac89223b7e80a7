/**
 * The rules of status e-mails (shared/domain/notification.ts): which statuses
 * an order is due, in journey order, and what the e-mail says, with every
 * value escaped in its HTML part.
 */
import { escapeHtml, statusEmail, statusesToNotify, TEST_NOTICE } from '../../../shared/domain/notification';
import type { Order, TrackingEvent, TransitStatus } from '../../../shared/domain/entities';

const event = (status: TransitStatus, occurredAt = '2026-05-04T10:00:00.000Z'): TrackingEvent => ({
  status,
  code:
    status === 'delivered'
      ? 'DELIVERED'
      : status === 'exception'
        ? 'EXCEPTION'
        : status === 'cancelled'
          ? 'CANCELLED'
          : status === 'intransit'
            ? 'DEPARTED'
            : 'LABEL_CREATED',
  description: status,
  occurredAt,
});

const orderWith = (over: Partial<Order>): Pick<Order, 'status' | 'events' | 'notification'> => ({
  status: 'pending',
  events: [],
  notification: { email: 'buyer@example.com', statuses: ['pending', 'intransit', 'delivered', 'cancelled'] },
  ...over,
});

describe('statusesToNotify', () => {
  it.each<[string, Partial<Order>, string[]]>([
    ['a new order asking for every status: pending', { status: 'pending' }, ['pending']],
    ['an order in transit: its status', { status: 'intransit', events: [event('intransit')] }, ['intransit']],
    [
      'pending to delivered between two checks: the intransit events count as reached',
      { status: 'delivered', events: [event('delivered'), event('intransit'), event('intransit')] },
      ['intransit', 'delivered'],
    ],
    [
      'delivered with a pending event: journey order, not event order',
      { status: 'delivered', events: [event('delivered'), event('pending')] },
      ['pending', 'delivered'],
    ],
    ['a cancelled order', { status: 'cancelled', events: [event('cancelled'), event('pending')] }, ['pending', 'cancelled']],
    ['an exception is never notified', { status: 'exception', events: [event('exception'), event('intransit')] }, ['intransit']],
  ])('%s', (_case, over, expected) => {
    expect(statusesToNotify(orderWith(over))).toEqual(expected);
  });

  it('only the statuses asked for', () => {
    const order = orderWith({
      status: 'delivered',
      events: [event('delivered'), event('intransit'), event('pending')],
      notification: { email: 'a@example.com', statuses: ['delivered'] },
    });
    expect(statusesToNotify(order)).toEqual(['delivered']);
  });

  it('none asked for, none sent', () => {
    expect(statusesToNotify(orderWith({ status: 'intransit', notification: { email: 'a@example.com', statuses: [] } }))).toEqual([]);
  });

  it('none without an address, whatever is asked', () => {
    expect(statusesToNotify(orderWith({ status: 'intransit', notification: { statuses: ['intransit'] } }))).toEqual([]);
  });

  it('asking for exception sends nothing for it', () => {
    expect(statusesToNotify(orderWith({ status: 'exception', notification: { email: 'a@example.com', statuses: ['exception'] } }))).toEqual([]);
  });
});

const order = {
  orderId: '7d3f2c1a-4b5e-4f60-8a71-92b3c4d5e6f7',
  carrierCode: 'CARRIERX',
  serviceCode: 'CARRIERX_GROUND',
  trackingNumber: '794612345678',
  trackingUrl: 'https://track.sandbox.example/CARRIERX/794612345678',
  notification: { email: 'buyer@example.com', statuses: ['intransit' as const] },
  mode: 'live' as const,
};
const names = { carrier: { fullName: { en: 'Carrier X Express', fr: 'Transporteur X Express' } }, service: { fullName: { en: 'Ground' } } };

describe('statusEmail', () => {
  it.each([
    ['pending', 'Your shipment has been created'],
    ['intransit', 'Your shipment is on its way'],
    ['delivered', 'Your shipment has been delivered'],
    ['cancelled', 'Your shipment has been cancelled'],
  ] as const)('%s: the status in words in the subject, with the tracking number', (status, words) => {
    const email = statusEmail(order, status, names);
    expect(email.subject).toBe(`${words}: 794612345678`);
    expect(email.text.startsWith(`${words}.`)).toBe(true);
    expect(email.html).toContain(`<p>${words}.</p>`);
  });

  it('names the carrier and service (English full names), the tracking number and link, and the order', () => {
    const { text, html } = statusEmail(order, 'intransit', names);
    for (const part of [text, html]) {
      for (const value of ['Carrier X Express', 'Ground', '794612345678', order.trackingUrl, order.orderId, 'buyer@example.com']) expect(part).toContain(value);
    }
    expect(text).toContain('Carrier: Carrier X Express\nService: Ground\nTracking number: 794612345678\n');
    expect(html).toContain(`<a href="${order.trackingUrl}">${order.trackingUrl}</a>`);
  });

  it('falls back to the codes when the reference data lacks the carrier or service (or its English name)', () => {
    const { text } = statusEmail(order, 'delivered', { carrier: { fullName: { fr: 'Transporteur X' } } });
    expect(text).toContain('Carrier: CARRIERX\nService: CARRIERX_GROUND\n');
  });

  it('escapes every value in the HTML part: address, names, numbers, link', () => {
    const hostile = {
      ...order,
      orderId: 'o<1>',
      trackingNumber: '"7946"&\'',
      trackingUrl: 'https://t.example/?a=1&b=<script>',
      notification: { email: '"<script>alert(1)</script>"&co@example.com', statuses: [] },
    };
    const { html, text } = statusEmail(hostile, 'intransit', {
      carrier: { fullName: { en: 'Fast & <b>Furious</b>' } },
      service: { fullName: { en: '<img src=x onerror=alert(1)>' } },
    });
    expect(html).not.toMatch(/<script|<b>|<img|&co|&b=|"7946"/);
    expect(html).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;co@example.com');
    expect(html).toContain('Fast &amp; &lt;b&gt;Furious&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;7946&quot;&amp;&#39;');
    expect(html).toContain('<a href="https://t.example/?a=1&amp;b=&lt;script&gt;">');
    expect(html).toContain('o&lt;1&gt;');
    // The text part is plain text: shown as it is.
    expect(text).toContain('Fast & <b>Furious</b>');
  });

  it('a live order says nothing of modes', () => {
    const { subject, text, html } = statusEmail(order, 'intransit', names);
    expect(subject).toBe('Your shipment is on its way: 794612345678');
    for (const part of [subject, text, html]) expect(part).not.toMatch(/test/i);
  });

  it('a test order is marked: [TEST] before the subject, and a first line in both parts saying it is a test shipment', () => {
    const live = statusEmail(order, 'delivered', names);
    const test = statusEmail({ ...order, mode: 'test' }, 'delivered', names);
    expect(test.subject).toBe('[TEST] Your shipment has been delivered: 794612345678');
    expect(TEST_NOTICE).toMatch(/test shipment/);
    expect(test.text).toBe(`${TEST_NOTICE}\n\n${live.text}`);
    expect(test.html).toContain(`<body><p><strong>${TEST_NOTICE}</strong></p><p>Your shipment has been delivered.</p>`);
  });

  it('links only http(s) tracking URLs', () => {
    const { html } = statusEmail({ ...order, trackingUrl: 'javascript:alert(1)' }, 'intransit', names);
    expect(html).not.toContain('<a ');
    expect(html).toContain('javascript:alert(1)');
  });
});

describe('escapeHtml', () => {
  it('replaces the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
