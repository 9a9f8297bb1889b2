import net from 'node:net';

/**
 * An HTTP/1.1 client that sends exactly the bytes it is given: Node's own client refuses the malformed paths,
 * methods and headers that the hostile-request table is made of. One request per connection (`Connection: close`).
 */
/** Bodies larger than this wait for `100 Continue`. */
const LARGE_BODY = 64 * 1024;

export type RawReply = {
  status: number;
  headers: Record<string, string>;
  /** The body, de-chunked (never compressed: the table sends no Accept-Encoding). */
  body: string;
  ms: number;
};

export type RawRequest = {
  method: string;
  /** The request target as sent, escapes and all. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseRawReply(data: Buffer, ms: number): RawReply {
  const headEnd = data.indexOf('\r\n\r\n');
  const head = data.subarray(0, headEnd < 0 ? data.length : headEnd).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rawBody = headEnd < 0 ? Buffer.alloc(0) : data.subarray(headEnd + 4);
  const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? decodeChunked(rawBody) : rawBody;
  return { status, headers, body: body.toString('utf8'), ms };
}

/** Sends one request to `origin` (http://host:port) and resolves with the reply; a reset after a reply is fine. */
export function sendRaw(origin: string, request: RawRequest, timeoutMs = 30_000): Promise<RawReply> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks);
      if (data.length > 0) resolve(parseRawReply(data, performance.now() - started));
      else reject(error ?? new Error(`no reply to ${request.method} ${request.target}`));
    };
    const timer = setTimeout(
      () => finish(new Error(`timeout: ${request.method} ${request.target}`)),
      timeoutMs,
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // EPIPE/ECONNRESET after the server answered early (a 413 before the whole body): the reply stands.
    socket.on('error', (error) => finish(error));
    socket.on('connect', () => {
      const headers: Record<string, string> = { Host: `${hostname}:${port}`, ...request.headers };
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
        headers['Content-Length'] = String(body.length);
      }
      // A large body waits for the server's `100 Continue`, as curl's does: a server that refuses it (413) says so
      // first, and closing a connection with unread data would reset it and swallow the answer.
      const expectContinue = body !== undefined && body.length > LARGE_BODY;
      if (expectContinue) headers.Expect = '100-continue';
      const head =
        `${request.method} ${request.target} HTTP/1.1\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n';
      socket.write(Buffer.from(head, 'latin1'));
      if (!body) return;
      if (!expectContinue) {
        socket.write(body);
        return;
      }
      const onInterim = () => {
        const received = Buffer.concat(chunks);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onInterim);
        if (/^HTTP\/1\.1 100 /.test(received.toString('latin1'))) {
          // The interim answer is not part of the reply: drop it and send the body.
          chunks.splice(0, chunks.length, received.subarray(end + 4));
          socket.write(body);
        }
      };
      socket.on('data', onInterim);
    });
  });
}
