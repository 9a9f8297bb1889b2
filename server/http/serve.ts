import http from 'node:http';

/**
 * The HTTP server and its graceful stop (issue 8 §7). `drain` stops accepting connections, closes idle keep-alive
 * connections at once, and answers every request still arriving on an open connection with `Connection: close`,
 * so each connection ends after its current response instead of holding the shutdown for the whole grace period.
 * What is still running after `timeoutMs` is cut.
 */
export type Serving = {
  server: http.Server;
  /** Resolves when every connection has closed (or was cut after `timeoutMs`; `onTimeout` is told). */
  drain(timeoutMs: number, onTimeout?: () => void): Promise<void>;
};

export async function serve(
  handler: http.RequestListener,
  options: { port: number; host: string; keepAliveTimeoutMs?: number },
): Promise<Serving> {
  let draining = false;
  const onRequest: http.RequestListener = (req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    // A response that was under way when the drain began leaves a keep-alive connection behind: once it is sent,
    // that connection is idle and closes at once, instead of holding the drain until the grace period ends.
    res.once('finish', () => {
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    handler(req, res);
  };
  const server = http.createServer(onRequest);
  // `Expect: 100-continue` goes to the handler unanswered: the edge says 100 only to a body it will read, so an
  // oversized one is refused (413) before it is sent (edge.ts).
  server.on('checkContinue', onRequest);
  // Longer than a load balancer's idle timeout (60 s at the usual ones), so it never reuses a closed connection.
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    drain(timeoutMs, onTimeout) {
      draining = true;
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          onTimeout?.();
          server.closeAllConnections();
        }, timeoutMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
