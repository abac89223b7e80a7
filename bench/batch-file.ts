/**
 * `npm run bench -- batch-file`: a batch's merged label file at scale
 * (issue 48, shared/labels/batch-file.ts). In a fresh Node process, 1,000
 * one-package orders' shipping labels go into one PDF written to a file as
 * it is made, a third each: the service's own labels, carrier Z's PNG
 * labels (812×1218, 1 bit, as the sandbox issues them: passed through) and
 * carriers' PDF labels (a 4×6 PDF with a content stream and three fonts,
 * drawn here by the service's renderer, then taken as a carrier's; their
 * pages are copied). Each order's documents are made fresh as the batch
 * asks for them, as the worker would read them from S3.
 *
 * Measured: the wall and CPU time of the file, and its peak RSS above the
 * process's idle (after a warm-up file of three orders, one of each kind,
 * and a full GC; Linux: the peak is reset through /proc/self/clear_refs and
 * read as VmHWM, elsewhere it is the process's peak since it started, an
 * upper bound). A batch's file is rendered in the label-file function
 * (512 MB, dev): the issue asks for at most 256 MiB above its idle and 30 s
 * on this machine.
 */
import { fork } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CarrierDocument } from '../shared/domain/carrier';
import type { ShipmentDocument } from '../shared/labels/document';
import { documentOf, rateRequest, record } from '../test/unit/labels/fixtures';
import { check, type BenchContext, type BenchPart } from './checks';
import { childExit } from './child-exit';
import { fmt, mib, round, table } from './stats';

/** Peak RSS above the process's idle while it writes the file (issue 48). */
const PEAK_MIB = 256;
/** Wall time of the file on this machine (issue 48). */
const WALL_MS = 30_000;
/** Orders in the file, a third of each kind. */
const ORDERS = 1_000;
/** The child is killed after this long. */
const CHILD_DEADLINE_MS = 180_000;

type Measured = {
  ms: number;
  cpuMs: number;
  idleBytes: number;
  peakBytes: number;
  pages: number;
  pageObjects: number;
  bytes: number;
  chunks: number;
  peakMethod: 'VmHWM' | 'maxRSS';
};

/** The RSS and its peak (VmHWM) of this process in bytes, from /proc/self/status; undefined off Linux. */
const procStatus = (): { rss: number; hwm: number } | undefined => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
};

/** Resets the peak RSS (Linux 4.0+); false where it cannot. */
const resetPeak = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};

/** In the child: the warm-up file, then the measured one, written to `file`. */
const runInChild = async (file: string): Promise<Measured> => {
  const { writeBatchLabelFile } = await import('../shared/labels/batch-file');
  const { renderDocument } = await import('../shared/labels/render');
  const { carrierZDocuments } = await import('../shared/carriers/sandbox/documents');

  const orderOf = (i: number): ShipmentDocument => {
    const number = `BENCH${String(i).padStart(6, '0')}`;
    return documentOf(rateRequest(), record(1, { orderId: `order-${i}`, trackingNumber: number, pieceTrackingNumbers: [number] }));
  };
  const pngOf = (i: number): Buffer => {
    const png = carrierZDocuments({ carrierCode: 'CARRIERZ', pieceTrackingNumbers: [orderOf(i).trackingNumber] }).find((d) => d.format === 'PNG')!;
    return Buffer.from(png.content, 'base64');
  };
  // Drawing a carrier Z image costs about as much as the file's page: a few are drawn, and each order takes a fresh copy of one.
  const pngs = Array.from({ length: 8 }, (_, i) => pngOf(i));
  const carrierPdf = (await renderDocument('SHIPPING_LABEL_PDF', orderOf(-1))).body;
  const label = (format: CarrierDocument['format'], content: Buffer): CarrierDocument => ({ type: 'label', format, packageIndex: 0, content });
  async function* orders(count: number): AsyncGenerator<ShipmentDocument> {
    for (let i = 0; i < count; i++) {
      const order = orderOf(i);
      await Promise.resolve();
      if (i % 3 === 0) yield order;
      else if (i % 3 === 1) yield { ...order, carrierDocuments: [label('PNG', Buffer.from(pngs[i % pngs.length]!))] };
      else yield { ...order, carrierDocuments: [label('PDF', Buffer.from(carrierPdf))] };
    }
  }

  await writeBatchLabelFile('PDF', orders(3), async () => undefined);
  (globalThis as { gc?: () => void }).gc?.();
  const reset = resetPeak();
  const idle = procStatus()?.rss ?? process.memoryUsage().rss;

  const out = createWriteStream(file);
  let chunks = 0;
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      chunks++;
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { pages, bytes } = await writeBatchLabelFile('PDF', orders(ORDERS), write);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const peak = reset ? procStatus()!.hwm : process.resourceUsage().maxRSS * 1024;
  // The page dictionaries as the file writes them (`/Type /Pages` are its tree's nodes).
  const pageObjects = readFileSync(file, 'latin1').match(/\/Type \/Page\n/g)?.length ?? 0;
  return {
    ms,
    cpuMs: (user + system) / 1000,
    idleBytes: idle,
    peakBytes: Math.max(0, peak - idle),
    pages,
    pageObjects,
    bytes,
    chunks,
    peakMethod: reset ? 'VmHWM' : 'maxRSS',
  };
};

const measure = (ctx: BenchContext, file: string): Promise<Measured | undefined> =>
  new Promise((resolve, reject) => {
    const child = fork(__filename, [], {
      cwd: path.resolve(__dirname, '..'),
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, BENCH_BATCH_FILE: file },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    ctx.defer('batch-file child', () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let measured: Measured | undefined;
    let error: string | undefined;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line) ctx.log(line);
    });
    child.on('message', (message: { measured?: Measured; error?: string }) => {
      ({ measured, error } = message);
    });
    childExit(ctx, child, CHILD_DEADLINE_MS).then(({ code }) => {
      if (error) reject(new Error(`batch-file: ${error}`));
      else resolve(code === 0 ? measured : undefined);
    }, reject);
  });

export const runBatchFileBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-batch-file-'));
  ctx.defer('batch-file directory', () => rmSync(dir, { recursive: true, force: true }));
  ctx.log(`batch-file: ${ORDERS} orders' labels in one PDF ...`);
  const measured = await measure(ctx, path.join(dir, 'labels.pdf'));
  const note = measured
    ? `${measured.pages} pages (${measured.pageObjects} in the file), ${fmt(round(mib(measured.bytes)))} MiB`
    : `not done in ${CHILD_DEADLINE_MS / 1000} s`;
  const checks = [
    check('batch-file 1,000 labels: peak RSS above idle', measured ? mib(measured.peakBytes) : Number.POSITIVE_INFINITY, 'max', PEAK_MIB, 'MiB', note),
    check('batch-file 1,000 labels: wall time', measured?.ms ?? Number.POSITIVE_INFINITY, 'max', WALL_MS, 'ms'),
    check('batch-file 1,000 labels: pages', measured && measured.pageObjects === measured.pages ? measured.pages : 0, 'min', ORDERS, 'pages'),
  ];
  return {
    name: 'batch-file',
    checks,
    details: measured
      ? [
          table(
            ['merged PDF', 'wall ms', 'CPU ms', 'idle RSS, MiB', 'peak RSS above idle, MiB', 'pages', 'MiB', 'chunks written', 'peak read as'],
            [
              [
                `${ORDERS} orders, a third each: own, carrier PNG, carrier PDF`,
                fmt(round(measured.ms)),
                fmt(round(measured.cpuMs)),
                fmt(round(mib(measured.idleBytes))),
                fmt(round(mib(measured.peakBytes))),
                String(measured.pages),
                fmt(round(mib(measured.bytes))),
                String(measured.chunks),
                measured.peakMethod,
              ],
            ],
          ),
          '(in a fresh process after a warm-up file of three orders; written to a file as it is made)',
        ]
      : [note],
    figures: measured
      ? {
          orders: ORDERS,
          ms: round(measured.ms),
          cpuMs: round(measured.cpuMs),
          idleMiB: round(mib(measured.idleBytes)),
          peakAboveIdleMiB: round(mib(measured.peakBytes)),
          pages: measured.pages,
          fileMiB: round(mib(measured.bytes)),
          chunks: measured.chunks,
          peakReadAs: measured.peakMethod,
        }
      : { done: false },
  };
};

if (process.env.BENCH_BATCH_FILE && process.send) {
  runInChild(process.env.BENCH_BATCH_FILE).then(
    (measured) => process.send!({ measured }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: (error as Error)?.stack ?? String(error) }, () => process.exit(1)),
  );
}
