import type { Redis } from 'ioredis';

type Listener = (key: string) => void;

/**
 * Tells every server process that something it may hold in memory changed. One process alone
 * (no Redis) only tells itself; with Redis, each message is published on a channel per topic and
 * every process, this one included, hears it. Delivery is best effort: a cache that relies on it
 * also bounds how long it keeps an entry.
 */
export interface InvalidationBus {
  publish(topic: string, key: string): void;
  subscribe(topic: string, listener: Listener): void;
  close(): Promise<void>;
}

export function createInvalidationBus(options: {
  redis?: Redis | undefined;
  prefix: string;
  onError?: (error: unknown) => void;
}): InvalidationBus {
  const listeners = new Map<string, Listener[]>();
  const notify = (topic: string, key: string) => {
    for (const listener of listeners.get(topic) ?? []) listener(key);
  };
  const { redis, prefix } = options;
  if (!redis) {
    return {
      publish: notify,
      subscribe: (topic, listener) =>
        void listeners.set(topic, [...(listeners.get(topic) ?? []), listener]),
      close: async () => {},
    };
  }

  const channelOf = (topic: string) => `${prefix}${topic}`;
  // A connection in subscriber mode can do nothing else, so it is a second one. Its subscriptions
  // wait for it to connect (and ioredis renews them after a reconnect) rather than fail fast.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const reportError = (error: unknown) => options.onError?.(error);
  subscriber.on('error', reportError);
  subscriber.on('message', (channel: string, key: string) => {
    if (channel.startsWith(prefix)) notify(channel.slice(prefix.length), key);
  });
  return {
    publish(topic, key) {
      // This process forgets at once, whatever Redis does with the message.
      notify(topic, key);
      redis.publish(channelOf(topic), key).catch(reportError);
    },
    subscribe(topic, listener) {
      if (!listeners.has(topic)) subscriber.subscribe(channelOf(topic)).catch(reportError);
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
