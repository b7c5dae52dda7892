import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';

/**
 * Rooms shared by every server process through Redis: the socket.io Redis adapter on Redis 7's
 * sharded pub/sub, one channel per room ("dynamic"), so a process hears only the emits for rooms
 * one of its sockets is in, not every user's (bench/RESULTS.md, "Realtime adapters (issue 19)").
 * Publishing shares the app's connection, which fails fast while Redis is away (an emit is then
 * lost, as a notification pushed to a closed tab would be); subscribing needs a connection of its
 * own, which waits for Redis and renews its subscriptions after a reconnect.
 */
export function createRedisAdapter(options: {
  redis: Redis;
  prefix: string;
  onError: (error: unknown) => void;
}) {
  const subscriber = options.redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  subscriber.on('error', options.onError);
  return {
    adapter: createShardedAdapter(options.redis, subscriber, {
      channelPrefix: options.prefix,
      subscriptionMode: 'dynamic',
    }),
    close: async () => {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
