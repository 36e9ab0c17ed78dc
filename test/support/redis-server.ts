/**
 * A throwaway Redis for the scale-out tests: `redis-server` on a free 127.0.0.1 port, in a fresh
 * temporary folder, without persistence; stopped and removed after. When redis-server is not
 * installed the test fails (it is never skipped): `.ci/run` installs it from Debian.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface TestRedis {
  port: number;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Start redis-server and wait until it answers PING.
 * @throws Error telling to install redis-server when it is missing
 */
export async function startRedis(): Promise<TestRedis> {
  const which = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0)
    throw new Error('redis-server is not installed: the scale-out tests need it (Debian: apt-get install redis-server; .ci/run installs it)');
  const dir = mkdtempSync(join(tmpdir(), 'gbgc-redis-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    let up = false;
    // Bounded by time, not by a number of tries: a loaded machine may take seconds to start it.
    const until = Date.now() + 60_000;
    while (child.exitCode === null && Date.now() < until) {
      try {
        await client.connect();
        await client.ping();
        up = true;
        break;
      } catch {
        client.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    client.disconnect();
    if (up) {
      return {
        port,
        url: `redis://127.0.0.1:${port}`,
        dir,
        async stop() {
          if (child.exitCode === null) {
            child.kill('SIGKILL');
            await exited;
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    if (attempt >= 2) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start: ${out.slice(-500)}`);
    }
  }
}
