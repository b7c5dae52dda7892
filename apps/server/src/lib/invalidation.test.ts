import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from './invalidation';
import { openRedis } from './redis';

const open: InvalidationBus[] = [];
const redisConnections: Array<ReturnType<typeof openRedis>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
  await Promise.all(redisConnections.splice(0).map((redis) => redis.quit()));
});

describe('invalidation bus', () => {
  it('tells this process’s listeners of its topic, and no others', () => {
    const bus = createInvalidationBus({ prefix: 'test:' });
    const heard: string[] = [];
    const otherTopic: string[] = [];
    bus.subscribe('user-changed', (key) => heard.push(key));
    bus.subscribe('something-else', (key) => otherTopic.push(key));
    bus.publish('user-changed', 'u1');
    expect(heard).toEqual(['u1']);
    expect(otherTopic).toEqual([]);
  });
});

// With REDIS_URL (as in CI's PostgreSQL run) a message reaches every process.
describe.runIf(process.env.REDIS_URL)('invalidation bus over Redis', () => {
  it('reaches another process’s listeners and the publisher’s own at once', async () => {
    const prefix = `test:${Date.now()}:`;
    const busFor = () => {
      const redis = openRedis(process.env.REDIS_URL!);
      redisConnections.push(redis);
      const bus = createInvalidationBus({ redis, prefix });
      open.push(bus);
      return bus;
    };
    const publisher = busFor();
    const other = busFor();
    const heardHere: string[] = [];
    const heardThere: string[] = [];
    publisher.subscribe('user-changed', (key) => heardHere.push(key));
    other.subscribe('user-changed', (key) => heardThere.push(key));
    // Subscribing is a round trip to Redis; a message published before it completes is not heard.
    await vi.waitFor(async () => {
      publisher.publish('user-changed', 'probe');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heardThere).toContain('probe');
    });
    publisher.publish('user-changed', 'u42');
    expect(heardHere).toContain('u42');
    await vi.waitFor(() => expect(heardThere).toContain('u42'), { timeout: 2_000 });
  });
});
