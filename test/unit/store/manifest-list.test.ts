/**
 * How a page of the manifest list reads (docs/manifests.md, "The list"),
 * against a mocked Query whose every answer is given: a page without
 * manifests is the last, whatever the number of reads it takes; a page that
 * holds one stops after MAX_LIST_READS. The same against DynamoDB Local is in
 * test/integration/manifests.test.ts.
 */
import { gzipSync } from 'node:zlib';
import { mockDynamo, QueryCommand } from '../../support/dynamo-mock';
import { keys } from '../../../shared/store/keys';
import { FILTERED_READ_ITEMS, listManifests, MAX_LIST_READS } from '../../../shared/store/manifests';

const ddbMock = mockDynamo();
const COMPANY = 'c-1';
const { pk, skPrefix } = keys.manifestListPrefix(COMPANY, 'live');
const sk = (n: number) => `${skPrefix}2026-03-01#2026-03-01T00:00:${String(n).padStart(2, '0')}.000Z#m${n}`;

/** A stored manifest item of CARRIERX whose sort key is `sk(n)`. */
const item = (n: number) => ({
  pk,
  sk: sk(n),
  entityType: 'manifest',
  manifestId: `m${n}`,
  companyId: COMPANY,
  mode: 'live',
  carrierCode: 'CARRIERX',
  carrierAccountId: '',
  accountNumber: '1',
  shipDate: '2026-03-01',
  status: 'closed',
  orders: [],
  shipper: { name: 'S', country: 'CA' },
  packageCount: 0,
  totalWeightKg: 0,
  carrierManifestIds: [],
  documents: [],
  createdDate: '2026-03-01T00:00:00.000Z',
  linesGzip: gzipSync('[]'),
});

/** Answers the reads in turn: each the manifests it found and whether the list goes on after the n-th item it evaluated. */
const answers = (reads: Array<{ found: number[]; lastEvaluated?: number }>) => {
  const query = ddbMock.on(QueryCommand);
  for (const read of reads)
    query.resolvesOnce({ Items: read.found.map(item), ...(read.lastEvaluated !== undefined ? { LastEvaluatedKey: { pk, sk: sk(read.lastEvaluated) } } : {}) });
  query.rejects(new Error('read past the answers given'));
};

beforeEach(() => ddbMock.reset());

describe('listManifests', () => {
  it('a filtered page that finds nothing for more than MAX_LIST_READS reads reads on: its first manifest comes, never an empty page with a cursor', async () => {
    const empty = Array.from({ length: MAX_LIST_READS + 5 }, (_, i) => ({ found: [], lastEvaluated: i }));
    answers([...empty, { found: [40], lastEvaluated: 41 }]);
    const page = await listManifests(COMPANY, 'live', { carrierCode: 'CARRIERX', limit: 20 });
    expect(page.manifests.map((m) => m.manifestId)).toEqual(['m40']);
    // It has read more than MAX_LIST_READS and holds a manifest: it stops where it read up to.
    expect(page.last).toBe(sk(41));
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(MAX_LIST_READS + 6);
  });

  it('a filtered page that reaches the end without a manifest is empty and the last', async () => {
    answers([{ found: [], lastEvaluated: 1 }, { found: [], lastEvaluated: 2 }, { found: [] }]);
    expect(await listManifests(COMPANY, 'live', { carrierCode: 'CARRIERX', limit: 20 })).toEqual({ manifests: [] });
  });

  it('a page that holds a manifest stops after MAX_LIST_READS reads, short, its cursor where it stopped', async () => {
    answers(Array.from({ length: MAX_LIST_READS }, (_, i) => ({ found: i === 0 ? [1] : [], lastEvaluated: 10 + i })));
    const page = await listManifests(COMPANY, 'live', { carrierCode: 'CARRIERX', limit: 20 });
    expect(page).toEqual({ manifests: [expect.objectContaining({ manifestId: 'm1' })], last: sk(10 + MAX_LIST_READS - 1) });
  });

  it('one manifest more than the limit: the page is the limit, its cursor its last manifest; each filtered read evaluates FILTERED_READ_ITEMS at most', async () => {
    answers([
      { found: [1, 2], lastEvaluated: 5 },
      { found: [6, 7, 8], lastEvaluated: 9 },
    ]);
    const page = await listManifests(COMPANY, 'live', { carrierCode: 'CARRIERX', limit: 3 });
    expect(page.manifests.map((m) => m.manifestId)).toEqual(['m1', 'm2', 'm6']);
    expect(page.last).toBe(sk(6));
    const calls = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls.map((input) => [input.Limit, input.ExclusiveStartKey])).toEqual([
      [FILTERED_READ_ITEMS, undefined],
      [FILTERED_READ_ITEMS, { pk, sk: sk(5) }],
    ]);
  });

  it('exactly the limit and then the end: no cursor; unfiltered, a read asks for one more than the page needs', async () => {
    answers([{ found: [1, 2, 3] }]);
    expect(await listManifests(COMPANY, 'live', { limit: 3 })).toEqual({ manifests: expect.any(Array) });
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.Limit).toBe(4);
  });
});
