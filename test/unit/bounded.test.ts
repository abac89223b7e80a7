/** mapBounded: the items' order kept, at most `limit` in flight, nothing started after a rejection. */
import { mapBounded } from '../../shared/bounded';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapBounded', () => {
  it('answers in the items’ order with at most `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapBounded([5, 1, 4, 2, 3, 0], 2, async (n, i) => {
      most = Math.max(most, ++inFlight);
      for (let t = 0; t < n; t++) await tick();
      inFlight--;
      return `${i}:${n}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0']);
    expect(most).toBe(2);
  });

  it('rejects with the first error and starts nothing after it', async () => {
    const started: number[] = [];
    await expect(
      mapBounded([0, 1, 2, 3, 4, 5], 2, async (n) => {
        started.push(n);
        await tick();
        if (n === 1) throw new Error('parcel 1');
        return n;
      }),
    ).rejects.toThrow('parcel 1');
    // Long enough for a worker still running to have taken every other item.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toEqual([0, 1, 2]);
  });

  it('answers an empty list without calling', async () => {
    expect(await mapBounded([], 3, async () => 1)).toEqual([]);
  });
});
