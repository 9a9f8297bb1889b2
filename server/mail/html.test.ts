import { describe, expect, it } from 'vitest';
import { mailHtmlFromText, mailSender, textToHtmlBody } from './html';

describe('the HTML part derived from a text mail', () => {
  it.each([
    ['plain words', 'Hello there', '<p>Hello there</p>'],
    ['a line break', 'Hi Ann,\nYour order', '<p>Hi Ann,<br>\nYour order</p>'],
    ['paragraphs at blank lines', 'One\n\nTwo\n \nThree', '<p>One</p>\n<p>Two</p>\n<p>Three</p>'],
    ['CRLF line ends', 'One\r\n\r\nTwo', '<p>One</p>\n<p>Two</p>'],
    ['leading and trailing blank lines', '\n\nOne\n\n', '<p>One</p>'],
    ['a script element', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['quotes and ampersands', `Tom & "Jerry" 'x'`, '<p>Tom &amp; &quot;Jerry&quot; &#39;x&#39;</p>'],
    [
      'an https link',
      'Verify: https://shop.example/account/verify?token=a&b=1',
      '<p>Verify: <a href="https://shop.example/account/verify?token=a&amp;b=1">https://shop.example/account/verify?token=a&amp;b=1</a></p>',
    ],
    [
      'an http link ending a sentence',
      'See http://localhost:3000/orders/5.',
      '<p>See <a href="http://localhost:3000/orders/5">http://localhost:3000/orders/5</a>.</p>',
    ],
    ['a javascript: address stays text', 'javascript:alert(1)', '<p>javascript:alert(1)</p>'],
    [
      'a javascript: address hidden in a query is only text of an https link',
      'https://a.example/?next=javascript:x',
      '<p><a href="https://a.example/?next=javascript:x">https://a.example/?next=javascript:x</a></p>',
    ],
    ['a data: address stays text', 'data:text/html,<b>x</b>', '<p>data:text/html,&lt;b&gt;x&lt;/b&gt;</p>'],
    [
      'a link cannot break out of its attribute',
      'https://a.example/"onmouseover="alert(1)',
      '<p><a href="https://a.example/">https://a.example/</a>&quot;onmouseover=&quot;alert(1)</p>',
    ],
    [
      'a link followed by markup',
      'https://a.example/x<script>',
      '<p><a href="https://a.example/x">https://a.example/x</a>&lt;script&gt;</p>',
    ],
    ['no relative links', 'Go to /account/orders', '<p>Go to /account/orders</p>'],
  ])('%s', (_name, text, html) => {
    expect(textToHtmlBody(text)).toBe(html);
  });

  it('is a whole document headed by the escaped brand, with no script and no style element', () => {
    const html = mailHtmlFromText('Hi <b>\n\nhttps://x.example/', {
      brand: 'Cairn <Outdoor>',
      subject: 'Verify your Cairn Outdoor account',
    });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>Verify your Cairn Outdoor account</title>');
    expect(html).toMatch(/<h1[^>]*>Cairn &lt;Outdoor&gt;<\/h1>/);
    expect(html).toContain('<p>Hi &lt;b&gt;</p>');
    expect(html).toContain('<a href="https://x.example/">https://x.example/</a>');
    expect(html).not.toMatch(/<script|<style/i);
  });

  it('has no header without a brand', () => {
    expect(mailHtmlFromText('Hi')).not.toContain('<h1');
  });
});

describe('the sender of every mail', () => {
  it.each([
    [undefined, 'Cairn Outdoor', 'Cairn Outdoor <no-reply@shop.example>'],
    ['Shop <hello@shop.example>', 'Cairn Outdoor', 'Shop <hello@shop.example>'],
    [undefined, 'Cairn, Outdoor', '"Cairn, Outdoor" <no-reply@shop.example>'],
    [undefined, 'Evil"\r\nBcc: x@y', '"EvilBcc: x@y" <no-reply@shop.example>'],
    [undefined, '', 'no-reply@shop.example'],
  ])('MAIL_FROM %j and brand %j send as %j', (configured, brand, from) => {
    expect(mailSender({ configured, brand, address: 'no-reply@shop.example' })).toBe(from);
  });
});
