import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { renderToPipeableStream } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { fizzNulByteFilter, FIZZ_VIEW_SIZE, withoutUnwrittenBytes } from './fizz-nul-bytes';

const view = (content: number[], zeros: number) =>
  Uint8Array.from([
    ...Array(FIZZ_VIEW_SIZE - content.length - zeros).fill(65),
    ...content,
    ...Array(zeros).fill(0),
  ]);

describe('withoutUnwrittenBytes', () => {
  test.each<[string, Uint8Array, number]>([
    ['a full view without NULs stays whole', view([66], 0), FIZZ_VIEW_SIZE],
    ['one unwritten byte goes', view([66], 1), FIZZ_VIEW_SIZE - 1],
    ['two unwritten bytes go', view([66], 2), FIZZ_VIEW_SIZE - 2],
    ['three unwritten bytes go', view([66], 3), FIZZ_VIEW_SIZE - 3],
    ['never more than three', view([66], 5), FIZZ_VIEW_SIZE - 3],
    ['a chunk of another size is left alone', Uint8Array.from([65, 0, 0]), 3],
  ])('%s', (_label, chunk, length) => {
    expect(withoutUnwrittenBytes(chunk).length).toBe(length);
  });
});

/** The document React streams for `children`, through `filter` or not. */
function render(children: string[], filter: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      createElement(
        'div',
        null,
        children.map((child, index) => createElement('p', { key: index }, child)),
      ),
      {
        onAllReady() {
          const out = new PassThrough();
          text(filter ? out.pipe(fizzNulByteFilter()) : out).then(resolve, reject);
          pipe(out);
        },
        onError: reject,
      },
    );
  });
}

describe('fizzNulByteFilter over React’s own renderer', () => {
  // Star ratings as the product cards show them, with ASCII runs of every length so a ★ straddles a view's end.
  const children = Array.from({ length: 300 }, (_, index) => `${'x'.repeat(index % 7)}★★★★★ ${index}`);

  test('React 18 alone puts NULs into the page (the defect this guards against)', async () => {
    expect(await render(children, false)).toMatch(/\u0000/);
  });

  test('through the filter the page has no NUL and loses no character', async () => {
    const html = await render(children, true);
    expect(html).not.toMatch(/\u0000/);
    expect(html.match(/★/g)).toHaveLength(1500);
  });
});

describe('fizzNulByteFilter batches', () => {
  test('a page React renders in one batch leaves the filter as one chunk, not one per 2 KB view', async () => {
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        createElement(
          'div',
          null,
          Array.from({ length: 1000 }, (_, index) =>
            createElement('p', { key: index }, `paragraph ${index}`),
          ),
        ),
        {
          onAllReady() {
            const filter = fizzNulByteFilter();
            filter.on('data', (chunk: Buffer) => chunks.push(chunk));
            filter.on('end', resolve);
            pipe(filter);
          },
          onError: reject,
        },
      );
    });
    const html = Buffer.concat(chunks).toString('utf8');
    expect(html.length).toBeGreaterThan(4 * FIZZ_VIEW_SIZE);
    expect(html).toContain('paragraph 999</p></div>');
    expect(chunks).toHaveLength(1);
  });
});
