/**
 * React 18.3's Node renderer (Fizz) encodes HTML into 2,048-byte views; when a multi-byte character (★, –, ’) does
 * not fit at the end of a view it still sends the whole view, so the unwritten 1–3 bytes reach the page as NUL
 * characters (facebook/react#26228, fixed after 18.3.1; issue 9's crawl found them on 46 of ~500 pages). This
 * transform drops the trailing NUL bytes of such full views. HTML never carries a NUL of its own, so nothing real
 * is lost.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** The size of the views React 18's Node renderer writes (`VIEW_SIZE` in react-dom-server.node). */
export const FIZZ_VIEW_SIZE = 2048;
/** At most a 4-byte character fails to fit: 3 unwritten bytes. */
const MAX_UNWRITTEN = 3;

/** A chunk without the NUL bytes a full view left unwritten at its end. */
export function withoutUnwrittenBytes(chunk: Uint8Array): Uint8Array {
  if (chunk.length !== FIZZ_VIEW_SIZE) return chunk;
  let end = chunk.length;
  while (end > chunk.length - MAX_UNWRITTEN && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/**
 * A pass-through for the renderer's output that removes those NUL bytes and sends each of React's flushes as one
 * chunk. React writes a page as 2 KB views and calls `flush()` on its destination when a batch is complete (the
 * whole shell at once, then each deferred boundary); passing 80 views of a 160 KB page one by one through the
 * response's streams and onto the socket cost more CPU than rendering them (issue 7 §4, profiled), so the views
 * of one batch are joined and pushed on `flush()` (or at the end).
 */
export function fizzNulByteFilter(): Transform & { flush(): void } {
  let pending: Uint8Array[] = [];
  const output = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(withoutUnwrittenBytes(chunk));
      callback();
    },
    // The end of the page: what the last batch left.
    flush(callback: TransformCallback) {
      pushPending();
      callback();
    },
  });
  function pushPending() {
    if (pending.length === 0) return;
    const batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    output.push(batch);
  }
  return Object.assign(output, { flush: pushPending });
}
