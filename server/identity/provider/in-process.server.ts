/**
 * The store's channel to its embedded provider without a socket (decision 080): each call of the protocol client
 * is handed to the provider's Express router in this process, as a request whose socket address is the shopper's
 * (`client-address.server.ts`), so the provider's per-address limits count shoppers. URLs are the issuer's
 * (`PUBLIC_URL/idp`, https behind TLS): the client's cookie jar keeps the provider's `Secure` flow cookie, as a
 * browser would over https, although no TLS hop is made.
 */
import http from 'node:http';
import type net from 'node:net';
import express from 'express';
import type { ProviderTransport } from '../client.server';
import { currentClientAddress } from '../client-address.server';

/** The address a call made outside any request (a script, a test) is counted under. */
const NO_REQUEST_ADDRESS = '127.0.0.1';

export function inProcessTransport(router: express.Router, options: { issuer: string }): ProviderTransport {
  const issuer = new URL(options.issuer);
  const mount = issuer.pathname.replace(/\/+$/, '') || '/';
  const app = express();
  app.disable('x-powered-by');
  // The socket address set below is the client's own: no forwarding header is read here.
  app.set('trust proxy', false);
  app.use(mount, router);

  return (request) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.url);
      if (url.origin !== issuer.origin || !url.pathname.startsWith(mount)) {
        reject(new Error('the in-process provider serves its issuer only'));
        return;
      }
      const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
      const socket = {
        remoteAddress: currentClientAddress() ?? NO_REQUEST_ADDRESS,
        remotePort: 0,
        encrypted: issuer.protocol === 'https:',
        readableHighWaterMark: 16 * 1024,
        destroy: () => undefined,
        on: () => socket,
        once: () => socket,
        removeListener: () => socket,
      };
      const req = new http.IncomingMessage(socket as unknown as net.Socket);
      req.method = request.method;
      req.url = `${url.pathname}${url.search}`;
      req.httpVersion = '1.1';
      req.httpVersionMajor = 1;
      req.httpVersionMinor = 1;
      const headers: Record<string, string> = { host: issuer.host };
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
      if (body) headers['content-length'] = String(body.length);
      req.headers = headers;
      req.push(null);

      const res = Object.assign(new http.ServerResponse(req), {
        // The provider's body parsers read a body already buffered here (kit.server.ts `bodyParsers`).
        locals: body ? { body } : {},
      });
      const chunks: Buffer[] = [];
      const collect = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(
                String(chunk),
                typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
              ),
        );
      };
      res.write = ((chunk: unknown, encoding?: unknown) => {
        collect(chunk, encoding);
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: unknown, encoding?: unknown) => {
        collect(chunk, encoding);
        const setCookie = res.getHeader('set-cookie');
        resolve({
          status: res.statusCode,
          setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [],
          text: Buffer.concat(chunks).toString('utf8'),
        });
        return res;
      }) as typeof res.end;
      app(req as express.Request, res as unknown as express.Response, (error?: unknown) => {
        if (error) reject(error instanceof Error ? error : new Error('the provider failed'));
        else resolve({ status: 404, setCookies: [], text: '{}' });
      });
    });
}
