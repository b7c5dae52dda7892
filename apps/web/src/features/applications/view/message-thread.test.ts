import { describe, expect, it } from 'vitest';
import { mergeMessages, type ThreadMessage } from './message-thread';

function message(id: string, created_at: string, status: ThreadMessage['status'] = 'PENDING') {
  return {
    id,
    message: id,
    status,
    created_at,
    seen_at: null,
    from_organisation: false,
    is_mine: true,
    sender_name: 'Ana',
    sender_avatar: null,
  } satisfies ThreadMessage;
}

describe('mergeMessages', () => {
  it('puts older pages before newer ones and keeps each message once, newest copy', () => {
    const newest = [message('c', '2027-05-02 10:00:00'), message('d', '2027-05-02 11:00:00')];
    const older = [message('a', '2027-05-01 09:00:00'), message('b', '2027-05-01 10:00:00')];
    const merged = mergeMessages(mergeMessages([], newest), older);
    expect(merged.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    const refreshed = mergeMessages(merged, [
      message('d', '2027-05-02 11:00:00', 'SENT'),
      message('e', '2027-05-02 12:00:00'),
    ]);
    expect(refreshed.map((item) => `${item.id}:${item.status}`)).toEqual([
      'a:PENDING',
      'b:PENDING',
      'c:PENDING',
      'd:SENT',
      'e:PENDING',
    ]);
  });

  it('keeps the server’s order within one second', () => {
    const same = '2027-05-02 10:00:00';
    expect(
      mergeMessages([], [message('x', same), message('y', same), message('z', same)]).map(
        (item) => item.id,
      ),
    ).toEqual(['x', 'y', 'z']);
  });
});
