/**
 * Status e-mails (spec 2.10 and part 6, docs/decisions.md): which statuses of an
 * order are due an e-mail and what the e-mail says. Pure; the exactly-once
 * bookkeeping is shared/store/notifications.ts, the sending shared/notify/.
 */
import type { Carrier, CarrierService, Order, TransitStatus } from './entities';

/** The statuses an e-mail can be asked for, in journey order (`exception` is never one). */
export const NOTIFIED_IN_JOURNEY_ORDER = ['pending', 'intransit', 'delivered', 'cancelled'] as const;
export type NotifiedStatus = (typeof NOTIFIED_IN_JOURNEY_ORDER)[number];

/**
 * The statuses the order has reached and asked an e-mail for, in journey
 * order. Reached: the current status and the status of every event, so an
 * order that went from pending to delivered between two checks still counts
 * its intransit events, and a stream record that arrives late or not at all
 * loses no e-mail (the next record of the order carries the whole journey).
 * None without an address.
 */
export const statusesToNotify = (order: Pick<Order, 'status' | 'events' | 'notification'>): NotifiedStatus[] => {
  if (!order.notification.email) return [];
  const reached = new Set<TransitStatus>([order.status, ...order.events.map((e) => e.status)]);
  const asked = new Set<TransitStatus>(order.notification.statuses);
  return NOTIFIED_IN_JOURNEY_ORDER.filter((status) => reached.has(status) && asked.has(status));
};

const HEADLINE: Record<NotifiedStatus, string> = {
  pending: 'Your shipment has been created',
  intransit: 'Your shipment is on its way',
  delivered: 'Your shipment has been delivered',
  cancelled: 'Your shipment has been cancelled',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and double- or single-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Only http(s) links become clickable; anything else (a `javascript:` URL) is shown as text. */
const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

export type EmailNames = { carrier?: Pick<Carrier, 'fullName'>; service?: Pick<CarrierService, 'fullName'> };
export type StatusEmail = { subject: string; text: string; html: string };

/** Subject prefix of a test order's e-mails. */
export const TEST_SUBJECT_PREFIX = '[TEST] ';
/** The line a test order's e-mails open with. */
export const TEST_NOTICE = 'This is a test shipment, created with a test API key: no real parcel is carried.';

/**
 * The e-mail of one status: a headline, then carrier, service, tracking
 * number, tracking link and order id, and whom it was requested for. Names
 * are the English `fullName` of the reference data, or the codes when the
 * reference data lacks them. Every value is escaped in the HTML part: the
 * address, carrier text and tracking URLs are not ours. A test order's
 * e-mail says so: `[TEST] ` before the subject and a line before the headline.
 */
export const statusEmail = (
  order: Pick<Order, 'orderId' | 'carrierCode' | 'serviceCode' | 'trackingNumber' | 'trackingUrl' | 'notification' | 'mode'>,
  status: NotifiedStatus,
  names: EmailNames,
): StatusEmail => {
  const headline = HEADLINE[status];
  const test = order.mode === 'test';
  const rows: Array<{ label: string; value: string; link?: boolean }> = [
    { label: 'Carrier', value: names.carrier?.fullName.en || order.carrierCode },
    { label: 'Service', value: names.service?.fullName.en || order.serviceCode },
    { label: 'Tracking number', value: order.trackingNumber },
    { label: 'Track it', value: order.trackingUrl, link: true },
    { label: 'Order', value: order.orderId },
  ];
  const footer = `Status e-mails of this shipment were requested for ${order.notification.email ?? 'this address'}.`;
  const text = [...(test ? [TEST_NOTICE, ''] : []), `${headline}.`, '', ...rows.map(({ label, value }) => `${label}: ${value}`), '', footer, ''].join('\n');
  const cell = ({ value, link }: (typeof rows)[number]) =>
    link && isWebLink(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  const html = [
    '<!doctype html>',
    `<html><body>${test ? `<p><strong>${escapeHtml(TEST_NOTICE)}</strong></p>` : ''}<p>${escapeHtml(headline)}.</p>`,
    `<table>${rows.map((row) => `<tr><th align="left">${escapeHtml(row.label)}</th><td>${cell(row)}</td></tr>`).join('')}</table>`,
    `<p><small>${escapeHtml(footer)}</small></p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: `${test ? TEST_SUBJECT_PREFIX : ''}${headline}: ${order.trackingNumber}`, text, html };
};
