/**
 * s3rver on a persistent DATA_DIR keeps its port across restarts, so label
 * URLs presigned before a restart still work after it. s3rver runs in this
 * process, so these tests start the real emulator.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/env';
import { dataPaths, readPortsFile, securePrivateDataDir } from '../../../local/runtime-files';
import { startDataDirS3Local, startS3Local, type S3Local } from '../../../local/s3-local';

let dataDir: string;
const started: S3Local[] = [];
const warnings: string[] = [];
const warn = (message: string) => warnings.push(message);
const start = async (port?: number) => {
  const s3 = await startDataDirS3Local({ dataDir, port, warn });
  started.push(s3);
  return s3;
};
const blockers: Server[] = [];
/** Holds a port on 127.0.0.1, as another program would. */
const occupy = (port = 0) =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      blockers.push(server);
      resolve((server.address() as AddressInfo).port);
    });
  });

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 's3-local-'));
  securePrivateDataDir(dataDir);
  warnings.length = 0;
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  await Promise.all(blockers.splice(0).map((b) => new Promise((resolve) => b.close(resolve))));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('s3rver on a DATA_DIR keeps its port across restarts', () => {
  it('a second start on the same DATA_DIR has the same endpoint, remembered in DATA_DIR/ports.json (0600)', async () => {
    const first = await start();
    expect(readPortsFile(dataDir)).toEqual({ s3: first.port });
    expect(statSync(dataPaths(dataDir).ports).mode & 0o777).toBe(0o600);
    await first.stop();

    const second = await start();
    expect(second.endpoint).toBe(first.endpoint);
    expect(warnings).toEqual([]);
  });

  it('a URL presigned before the restart still fetches the file after it', async () => {
    const s3Of = (endpoint: string) => new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
    const first = await start();
    const before = s3Of(first.endpoint);
    await before.send(new CreateBucketCommand({ Bucket: 'labels' }));
    await before.send(new PutObjectCommand({ Bucket: 'labels', Key: 'a/label.pdf', Body: '%PDF-1.7 kept' }));
    const url = await getSignedUrl(before, new GetObjectCommand({ Bucket: 'labels', Key: 'a/label.pdf' }), { expiresIn: 900 });
    before.destroy();
    await first.stop();

    await start();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.7 kept');
  });

  it('when the remembered port is taken, it takes a new one, says so, and remembers the new one', async () => {
    const first = await start();
    await first.stop();
    await occupy(first.port);

    const second = await start();
    expect(second.port).not.toBe(first.port);
    expect(readPortsFile(dataDir)).toEqual({ s3: second.port });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`port ${first.port}`);
    expect(warnings[0]).toContain('is taken');
    expect(warnings[0]).toContain(second.endpoint);
    expect(warnings[0]).toContain('presigned before this start no longer work');
  });

  it('a port given (S3_PORT) wins over the remembered one, and is remembered in turn', async () => {
    const first = await start();
    await first.stop();
    const given = await occupy();
    await new Promise((resolve) => blockers.pop()!.close(resolve));

    const second = await start(given);
    expect(second.port).toBe(given);
    expect(readPortsFile(dataDir)).toEqual({ s3: given });
  });

  it('a port given that is taken is a clear error, not a crash and not another port', async () => {
    const taken = await occupy();
    await expect(start(taken)).rejects.toThrow(`s3rver: port ${taken} on 127.0.0.1 is not available (EADDRINUSE)`);
  });

  it.each([
    ['not JSON', '{'],
    ['not a port', '{"s3": 70000}'],
    ['the wrong shape', '[1, 2]'],
  ])('a ports.json that is %s is ignored with a warning, and replaced', async (_what, text) => {
    writeFileSync(dataPaths(dataDir).ports, text, { mode: 0o600 });
    const s3 = await start();
    expect(warnings).toEqual([expect.stringContaining(`ignoring ${dataPaths(dataDir).ports}`)]);
    expect(JSON.parse(readFileSync(dataPaths(dataDir).ports, 'utf8'))).toEqual({ s3: s3.port });
  });
});

describe('startS3Local', () => {
  it('on a port that is taken, rejects instead of throwing an uncaught error', async () => {
    const taken = await occupy();
    const directory = mkdtempSync(path.join(os.tmpdir(), 's3-taken-'));
    try {
      await expect(startS3Local({ directory, port: taken })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
