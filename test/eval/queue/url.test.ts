/** Queue URLs: what `--queue` accepts and the usage errors for what it does not. */
import { describe, expect, it } from 'vitest';
import { parseQueueUrl } from '../../../src/eval/queue/connection.js';
import { UsageError } from '../../../src/util/errors.js';

describe('parseQueueUrl', () => {
  it('reads host, port, database, user and password (the password never in the display form)', () => {
    expect(parseQueueUrl('redis://10.0.0.5:6380')).toEqual({ display: 'redis://10.0.0.5:6380', options: { host: '10.0.0.5', port: 6380, db: 0 } });
    expect(parseQueueUrl('redis://localhost')).toMatchObject({ display: 'redis://localhost:6379', options: { port: 6379, db: 0 } });
    const u = parseQueueUrl('rediss://bob:s%40cret@redis.lab:7000/3');
    expect(u.options).toEqual({ host: 'redis.lab', port: 7000, db: 3, username: 'bob', password: 's@cret', tls: {} });
    expect(u.display).toBe('rediss://redis.lab:7000/3');
    expect(parseQueueUrl('redis://[::1]:6379').options.host).toBe('::1');
  });
  it('refuses other schemes, non-numeric databases, queries and non-URLs with a UsageError', () => {
    for (const bad of ['http://h:1', 'h:6379', 'redis://h:6379/queue', 'redis://h:6379/?x=1', 'redis://h:99999', '']) {
      expect(() => parseQueueUrl(bad), bad).toThrow(UsageError);
    }
    expect(() => parseQueueUrl('localhost:6379')).toThrow("--queue must start with redis:// or rediss://, got 'localhost:6379'");
  });
});
