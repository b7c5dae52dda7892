import { describe, expect, it } from 'vitest';
import { mergeByTime } from './by-time';

const item = (id: string, created_at: string, text = id) => ({ id, created_at, text });

describe('mergeByTime', () => {
  it('puts an older page before the newer one, oldest first', () => {
    const newest = [item('c', '2026-05-02 10:00:00'), item('d', '2026-05-02 11:00:00')];
    const older = [item('a', '2026-05-01 09:00:00'), item('b', '2026-05-01 10:00:00')];
    expect(mergeByTime(newest, older).map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps one copy of an item that came twice, the newer one', () => {
    const merged = mergeByTime(
      [item('a', '2026-05-01 09:00:00', 'pending')],
      [item('a', '2026-05-01 09:00:00', 'sent'), item('b', '2026-05-01 09:00:00')],
    );
    expect(merged).toEqual([
      item('a', '2026-05-01 09:00:00', 'sent'),
      item('b', '2026-05-01 09:00:00'),
    ]);
  });
});
