/**
 * The benchmark's second static baseline (issue 28): the same page bytes served by a plain static file server in
 * its own process, `node:http` + `express.static` and nothing else (no compression, no security headers, no
 * request context), as a CDN's origin for files or a plain web server would serve them.
 *
 *   node scripts/bench-static-server.mjs <dir> <port>
 */
import http from 'node:http';
import express from 'express';

const [dir, port] = process.argv.slice(2);
if (!dir || !port) {
  process.stderr.write('Usage: node scripts/bench-static-server.mjs <dir> <port>\n');
  process.exit(2);
}
const app = express();
app.disable('x-powered-by');
app.use(express.static(dir, { index: false }));
const server = http.createServer(app);
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
