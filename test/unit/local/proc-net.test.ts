/** The /proc/net/tcp reader the lifecycle tests use to prove that nothing listens beyond 127.0.0.1. */
import { isLoopback, parseListeningSockets, parseProcNetAddress } from '../../support/runtime';

describe('parseProcNetAddress', () => {
  it.each([
    ['0100007F:1F40', '127.0.0.1', 8000],
    ['00000000:0BB8', '0.0.0.0', 3000],
    ['0A00020F:01BB', '15.2.0.10', 443],
    ['00000000000000000000000000000000:1F40', '::', 8000],
    ['00000000000000000000000001000000:1F40', '::1', 8000],
    ['0000000000000000FFFF00000100007F:1F40', '::ffff:127.0.0.1', 8000],
    ['0000000000000000FFFF00000A00020F:1F40', '::ffff:15.2.0.10', 8000],
  ])('%s -> %s port %d', (hex, address, port) => {
    expect(parseProcNetAddress(hex)).toEqual({ address, port });
  });
});

describe('parseListeningSockets', () => {
  it('keeps the listening sockets (state 0A) with their inode', () => {
    const text = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F40 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11111 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:1F40 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 22222 1 0000000000000000 20 4 30 10 -1',
      '   2: 00000000:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 33333 1 0000000000000000 100 0 0 10 0',
    ].join('\n');
    expect(parseListeningSockets(text)).toEqual([
      { address: '127.0.0.1', port: 8000, inode: '11111' },
      { address: '0.0.0.0', port: 3000, inode: '33333' },
    ]);
  });
});

describe('isLoopback', () => {
  it('127.0.0.0/8, ::1 and their mapped form only', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1'].some(isLoopback)).toBe(false);
  });
});
