/**
 * The local Canada Post over HTTP (local/canada-post/mock-server.ts): links
 * on its own URL, Canada Post's media types on the wire, bounded bodies and
 * paths, hostile XML refused quickly, lost and late answers, and a close
 * that leaves nothing running.
 */
import { request as httpRequest } from 'node:http';
import { startCanadaPostMock, type CanadaPostMock } from '../../../../local/canada-post/mock-server';
import { CANADA_POST_MEDIA as MEDIA } from '../../../../local/canada-post/simulator';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { basic, CLIENT, contractShipment, CUSTOMER, mailingScenario } from './simulator-fixtures';

jest.setTimeout(60_000);

const CP = `/rs/${CUSTOMER}/${CUSTOMER}`;

describeWithCanadaPostSchemas('the local Canada Post over HTTP', () => {
  let mock: CanadaPostMock;
  beforeEach(async () => {
    mock = await startCanadaPostMock({ clients: [CLIENT] });
  });
  afterEach(async () => {
    await mock.close();
  });

  const call = (method: string, path: string, media: string, body?: string, auth = basic()) =>
    fetch(`${mock.url}${path}`, {
      method,
      headers: { authorization: auth, accept: media, ...(body ? { 'content-type': media } : {}) },
      ...(body ? { body } : {}),
    });

  it('listens on 127.0.0.1, answers with Canada Post’s media types, and its links point at itself', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const rate = await call('POST', '/rs/ship/price', MEDIA.rate, mailingScenario());
    expect(rate.status).toBe(200);
    expect(rate.headers.get('content-type')).toBe(MEDIA.rate);
    const created = await call('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'http1' }));
    expect(created.headers.get('content-type')).toBe(MEDIA.shipment);
    const text = await created.text();
    const hrefs = [...text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href.startsWith(`${mock.url}/rs/`)).toBe(true);
    const label = hrefs.find((h) => h.includes('/rs/artifact/'))!;
    const pdf = await fetch(label, { headers: { authorization: basic(), accept: 'application/pdf' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(mock.seen.map((s) => [s.method, s.status])).toEqual([
      ['POST', 200],
      ['POST', 200],
      ['GET', 200],
    ]);
  });

  it('answers 401 in Canada Post’s messages document without credentials', async () => {
    const answer = await call('GET', `${CP}/group`, MEDIA.shipment, undefined, 'Basic bm9ib2R5Om5vdGhpbmc=');
    expect(answer.status).toBe(401);
    expect(await answer.text()).toMatch(/<messages xmlns="http:\/\/www\.canadapost\.ca\/ws\/messages"><message><code>E002<\/code>/);
  });

  it('refuses a 5 MB body (413) without reading it all, a 10 KB path (414), a billion-laughs document and deep nesting (400), each quickly and without growing memory', async () => {
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const big = await call('POST', '/rs/ship/price', MEDIA.rate, `<mailing-scenario>${'x'.repeat(5 * 1024 * 1024)}</mailing-scenario>`).catch(
      (error: unknown) => error,
    );
    // The server answers 413 and closes; a client still sending may see the connection reset instead.
    if (big instanceof Response) expect(big.status).toBe(413);
    const longPath = await call('GET', `/rs/${'a'.repeat(10 * 1024)}`, MEDIA.shipment);
    expect(longPath.status).toBe(414);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><mailing-scenario xmlns="http://www.canadapost.ca/ws/ship/rate-v4">&lol9;</mailing-scenario>`;
    const bomb = await call('POST', '/rs/ship/price', MEDIA.rate, laughs);
    expect(bomb.status).toBe(400);
    expect(await bomb.text()).toMatch(/DOCTYPE/);
    const deep = await call('POST', '/rs/ship/price', MEDIA.rate, `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`);
    expect(deep.status).toBe(400);
    expect(await deep.text()).toMatch(/nested deeper/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(128 * 1024 * 1024);
    expect(mock.simulator.shipments).toHaveLength(0);
  });

  it('drops the connection on a lost answer (the shipment exists), and answers a late create after its delay', async () => {
    mock.simulator.failNext('lose-answer');
    await expect(call('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'lost1' }))).rejects.toThrow();
    expect(mock.simulator.shipments).toHaveLength(1);

    mock.simulator.answerLate(300);
    const started = Date.now();
    const late = await call('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'late1' }));
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(mock.simulator.billable().map((s) => s.customerRequestId)).toEqual(['lost1', 'late1']);
  });

  it('close() ends open connections and pending late answers', async () => {
    mock.simulator.answerLate(60_000);
    const pending = new Promise<string>((resolve) => {
      const req = httpRequest(
        `${mock.url}${CP}/shipment`,
        { method: 'POST', headers: { authorization: basic(), accept: MEDIA.shipment, 'content-type': MEDIA.shipment } },
        () => resolve('answered'),
      );
      req.on('error', () => resolve('closed'));
      req.end(contractShipment());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await mock.close();
    expect(await pending).toBe('closed');
    expect(Date.now() - started).toBeLessThan(2_000);
    // The late create never landed.
    expect(mock.simulator.shipments).toHaveLength(0);
    mock = await startCanadaPostMock({ clients: [CLIENT] });
  });

  it('close() waits for a request already being handled, so nothing runs on after it', async () => {
    const answered = call('POST', `${CP}/shipment`, MEDIA.shipment, contractShipment({ requestId: 'closing' })).then(
      (r) => r.status,
      () => 'closed',
    );
    // The body has been read and the simulator is at work (validating the XML) when the close begins.
    while (mock.seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await mock.close();
    expect(mock.simulator.received[0]?.status).toBeDefined();
    const made = mock.simulator.shipments.length;
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mock.simulator.shipments).toHaveLength(made);
    mock = await startCanadaPostMock({ clients: [CLIENT] });
  });
});
