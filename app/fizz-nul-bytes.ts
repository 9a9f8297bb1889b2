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

/** A pass-through for the renderer's output that removes those NUL bytes. */
export function fizzNulByteFilter(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      callback(null, withoutUnwrittenBytes(chunk));
    },
  });
}
