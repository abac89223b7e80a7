/** DATA_DIR is private: 0700 folders and 0600 files, an older looser one tightened, nothing else touched. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataPaths, privateMode, readDemoFile, securePrivateDataDir, writeDemoFile } from '../../../local/runtime-files';

describe('privateMode', () => {
  it.each([
    [0o644, false, 0o600],
    [0o755, false, 0o700],
    [0o600, false, 0o600],
    [0o755, true, 0o700],
    [0o777, true, 0o700],
    [0o500, true, 0o700],
    [0o1777, true, 0o1700],
  ])('%o (folder: %s) -> %o', (mode, isDirectory, expected) => {
    expect(privateMode(mode, isDirectory)).toBe(expected);
  });
});

describe('securePrivateDataDir', () => {
  let root: string;
  const mode = (file: string) => statSync(file).mode & 0o7777;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates DATA_DIR and its folders 0700', () => {
    const dataDir = path.join(root, 'nested', '.data');
    expect(securePrivateDataDir(dataDir)).toEqual([]);
    const paths = dataPaths(dataDir);
    expect([mode(dataDir), mode(paths.dynamodb), mode(paths.s3)]).toEqual([0o700, 0o700, 0o700]);
  });

  it('tightens an older DATA_DIR: the runtime’s files and folders lose group and other permissions', () => {
    const dataDir = path.join(root, '.data');
    const paths = dataPaths(dataDir);
    mkdirSync(path.join(paths.s3, 'bucket'), { recursive: true });
    mkdirSync(paths.dynamodb, { recursive: true });
    writeFileSync(path.join(paths.dynamodb, 'shared-local-instance.db'), '');
    writeFileSync(path.join(paths.s3, 'bucket', 'label.pdf'), '');
    writeFileSync(paths.demo, '{}');
    mkdirSync(paths.carrierSecrets, { recursive: true });
    writeFileSync(path.join(paths.carrierSecrets, 'acct.json'), '{}');
    for (const [file, m] of [
      [paths.secrets, 0o755],
      [paths.carrierSecrets, 0o755],
      [path.join(paths.carrierSecrets, 'acct.json'), 0o644],
      [dataDir, 0o755],
      [paths.dynamodb, 0o775],
      [paths.s3, 0o755],
      [path.join(paths.s3, 'bucket'), 0o777],
      [path.join(paths.dynamodb, 'shared-local-instance.db'), 0o644],
      [path.join(paths.s3, 'bucket', 'label.pdf'), 0o666],
      [paths.demo, 0o644],
    ] as const)
      chmodSync(file, m);

    expect(securePrivateDataDir(dataDir)).toEqual([]);
    expect({
      dataDir: mode(dataDir),
      dynamodb: mode(paths.dynamodb),
      s3: mode(paths.s3),
      bucket: mode(path.join(paths.s3, 'bucket')),
      db: mode(path.join(paths.dynamodb, 'shared-local-instance.db')),
      label: mode(path.join(paths.s3, 'bucket', 'label.pdf')),
      demo: mode(paths.demo),
      secrets: mode(paths.secrets),
      carrierSecrets: mode(paths.carrierSecrets),
      credentials: mode(path.join(paths.carrierSecrets, 'acct.json')),
    }).toEqual({
      dataDir: 0o700,
      dynamodb: 0o700,
      s3: 0o700,
      bucket: 0o700,
      db: 0o600,
      label: 0o600,
      demo: 0o600,
      secrets: 0o700,
      carrierSecrets: 0o700,
      credentials: 0o600,
    });
  });

  it('leaves files that are not the runtime’s, and what symbolic links point to, alone', () => {
    const dataDir = path.join(root, 'home');
    mkdirSync(dataDir);
    const mine = path.join(dataDir, 'notes.txt');
    writeFileSync(mine, '');
    chmodSync(mine, 0o644);
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, '');
    chmodSync(outside, 0o644);
    mkdirSync(dataPaths(dataDir).s3);
    symlinkSync(outside, path.join(dataPaths(dataDir).s3, 'link'));

    expect(securePrivateDataDir(dataDir)).toEqual([]);
    expect([mode(mine), mode(outside), mode(dataDir)]).toEqual([0o644, 0o644, 0o700]);
  });

  it('the JSON files it writes are 0600', () => {
    const dataDir = path.join(root, '.data');
    writeDemoFile(dataDir, { companyId: 'c', companyName: 'n', keyId: 'k', apiKey: 'a', createdDate: 'd' });
    expect([mode(dataPaths(dataDir).demo), mode(dataDir)]).toEqual([0o600, 0o700]);
  });

  it('demo.json keeps the demo test key; one written before test keys still reads, without it', () => {
    const dataDir = path.join(root, '.data');
    const before = { companyId: 'c', companyName: 'n', keyId: 'k', apiKey: 'a', createdDate: 'd' };
    writeDemoFile(dataDir, before);
    expect(readDemoFile(dataDir)).toEqual(before);
    writeDemoFile(dataDir, { ...before, testKeyId: 'tk', testApiKey: 'ta' });
    expect(readDemoFile(dataDir)).toEqual({ ...before, testKeyId: 'tk', testApiKey: 'ta' });
  });
});
