/**
 * Data survives a restart of the runtime (docs/architecture.md). e2e-setup.ts ran the
 * first start, created a box through the admin CLI with the same DATA_DIR,
 * stopped the runtime and started it again; these tests run against the
 * second start.
 */
import { dataPaths, isProcessAlive, readDemoFile, readRuntimeFile } from '../../local/runtime-files';
import { listOutbox } from '../../shared/notify/outbox';
import type { RestartRecord } from '../support/e2e-setup';
import { api, e2e } from '../support/e2e';

const record = (): RestartRecord => JSON.parse(process.env.E2E_RESTART ?? 'null') as RestartRecord;

describe('a restart of npm start', () => {
  it('stopped the first runtime completely: its process, DynamoDB Local and runtime.json are gone', () => {
    expect(record().afterStop).toEqual({ runtimeFileExists: false, alivePids: [] });
  });

  it('is a new process on the same DATA_DIR', () => {
    const runtime = readRuntimeFile(e2e.dataDir);
    expect(runtime?.pid).not.toBe(record().first.pid);
    expect(runtime && isProcessAlive(runtime.pid)).toBe(true);
    expect(runtime?.apiUrl).toBe(e2e.baseUrl);
  });

  it('keeps demo.json: the same demo company, key and test key', () => {
    const { apiKey, keyId, testApiKey, testKeyId, companyId } = record().first;
    expect(readDemoFile(e2e.dataDir)).toEqual(expect.objectContaining({ apiKey, companyId, keyId, testApiKey, testKeyId }));
    expect(e2e.apiKey).toBe(apiKey);
    expect(e2e.testApiKey).toBe(testApiKey);
  });

  it('the demo key and the demo test key of the first start still work', async () => {
    expect((await api('/carriers', { key: record().first.apiKey })).status).toBe(200);
    expect((await api('/carriers', { key: record().first.testApiKey })).status).toBe(200);
  });

  it('the box the admin CLI created before the restart is still listed', async () => {
    const response = await api('/packaging-types', { key: record().first.apiKey });
    const box = (response.json as { data: Array<{ id: string; name: string; categoryName: string }> }).data.find((p) => p.id === record().boxId);
    expect(box).toEqual(expect.objectContaining({ name: 'Survives a restart', categoryName: 'Generic' }));
  });

  it('keeps s3rver on the same port, so a label URL presigned before the restart still works', async () => {
    const { labelUrl, s3Endpoint } = record().order;
    expect(labelUrl.startsWith(`${s3Endpoint}/`)).toBe(true);
    expect(record().afterRestart).toEqual({ s3Endpoint, labelStatus: 200, labelStart: '%PDF-' });
    expect(readRuntimeFile(e2e.dataDir)?.s3.endpoint).toBe(s3Endpoint);
  });

  it('keeps the order shipped before it, its label file and its one status e-mail, and replays no stream record', async () => {
    const { orderId, trackingNumber, emailsBefore } = record().order;
    expect(emailsBefore).toBe(1);
    const tracked = await api(`/track/${orderId}`, { key: record().first.apiKey });
    expect(tracked.status).toBe(200);
    expect((tracked.json as { data: { trackingNumber: string } }).data.trackingNumber).toBe(trackingNumber);
    const label = await api(`/labels/${orderId}/SHIPPING_LABEL_PDF`, { key: record().first.apiKey });
    expect(label.status).toBe(302);
    expect((await fetch(label.headers.get('location')!)).status).toBe(200);
    // The second start's poller resumed after the checkpoint: give it time to (wrongly) send again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(listOutbox(dataPaths(e2e.dataDir).outbox).filter((e) => e.orderId === orderId)).toHaveLength(1);
  });
});
