import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { serve, type Serving } from '../../server/http/serve';

/**
 * Graceful shutdown (issue 8 §7): a keep-alive client that sends a request while the server drains gets its answer
 * with `Connection: close`, and the drain ends when that answer has gone, not when the grace period runs out.
 */
const GRACE_MS = 8_000;
let serving: Serving | undefined;

afterEach(async () => {
  await serving?.drain(0);
  serving = undefined;
});

/** A handler whose `/hold` requests write their head, then wait for `release()` before ending. */
function holdingHandler() {
  let release = () => undefined as void;
  let arrived = () => undefined as void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    held,
    release: () => release(),
    handler: (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/hold') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('held ');
        arrived();
        void released.then(() => res.end('done'));
        return;
      }
      res.end('ok');
    },
  };
}

/** A keep-alive connection that reads replies one after another. */
async function connect(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffer = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (buffer += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  const until = async (predicate: () => boolean) => {
    const started = Date.now();
    while (!predicate()) {
      if (Date.now() - started > GRACE_MS) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    /** The replies received so far (the raw text). */
    text: () => buffer,
    until,
    closed: () => closed,
    destroy: () => socket.destroy(),
  };
}

const port = () => (serving!.server.address() as net.AddressInfo).port;

describe('graceful shutdown', () => {
  test('idle keep-alive connections close at once', async () => {
    const { handler } = holdingHandler();
    serving = await serve(handler, { port: 0, host: '127.0.0.1' });
    const client = await connect(port());
    client.send('/');
    await client.until(() => client.text().includes('ok'));

    const started = Date.now();
    await serving.drain(GRACE_MS);
    expect(Date.now() - started).toBeLessThan(1_000);
    await client.until(client.closed);
  });

  test('a request sent on a busy connection during the drain is answered with Connection: close, and the drain ends with it', async () => {
    const holding = holdingHandler();
    serving = await serve(holding.handler, { port: 0, host: '127.0.0.1' });
    const client = await connect(port());
    client.send('/hold');
    await holding.held;

    const started = Date.now();
    const drained = serving.drain(GRACE_MS);
    holding.release();
    await client.until(() => client.text().includes('done'));
    // The keep-alive client goes on with its next request on the same connection.
    client.send('/');
    await client.until(() => client.closed() || /\r\n\r\n[^]*ok/.test(client.text().split('done')[1] ?? ''));
    await drained;
    const elapsed = Date.now() - started;

    const second = client.text().split('done')[1] ?? '';
    if (second.includes('HTTP/1.1')) expect(second.toLowerCase()).toContain('connection: close');
    expect(elapsed, 'the drain waited for the grace period').toBeLessThan(2_000);
    await client.until(client.closed);
    client.destroy();
  });

  test('a request already in flight when the drain begins is answered, and its keep-alive connection then closes', async () => {
    const holding = holdingHandler();
    serving = await serve(holding.handler, { port: 0, host: '127.0.0.1' });
    const client = await connect(port());
    client.send('/hold');
    await holding.held;

    const started = Date.now();
    const drained = serving.drain(GRACE_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    holding.release();
    await client.until(() => client.text().includes('done'));
    await drained;
    expect(Date.now() - started, 'the drain waited for the grace period').toBeLessThan(2_000);
    await client.until(client.closed);
    client.destroy();
  });
});
