/**
 * The HTML part of a mail that was written as text only (issue 25 §7: every mail has a plain-text and an HTML part).
 * Pure and safe: every character of the text is escaped, blank lines make paragraphs, line breaks stay, and only
 * absolute http(s) addresses become links (so a `javascript:` or `data:` address stays text). The brand heads the
 * mail. No `<style>` element and no script: the mail viewer shows the part in a sandboxed frame under the page's CSP.
 */

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** An absolute http(s) address up to white space or a character no address carries unescaped. */
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address ("… at https://x.example/a." keeps the dot out). */
const TRAILING = /[.,;:!?)\]]+$/;

/** One line of text as HTML: escaped, with its http(s) addresses as links. */
function lineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    html += escapeHtml(line.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** The HTML body of a text: paragraphs at blank lines, `<br>` at single line breaks. */
export function textToHtmlBody(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(lineHtml).join('<br>\n')}</p>`)
    .join('\n');
}

/** A whole HTML document for a text mail, headed by the brand (omitted when none is given). */
export function mailHtmlFromText(text: string, options: { brand?: string; subject?: string } = {}): string {
  const brand = options.brand?.trim();
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    options.subject ? `<title>${escapeHtml(options.subject)}</title>` : '<title>Mail</title>',
    '</head>',
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f1f1f;background:#ffffff">',
    brand
      ? `<h1 style="margin:0 0 24px;font-size:20px;color:#c2410c;letter-spacing:0.02em">${escapeHtml(brand)}</h1>`
      : '',
    textToHtmlBody(text),
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The sender of every mail: `MAIL_FROM` when set, else the brand's name at the store's no-reply address. */
export function mailSender(input: { configured?: string; brand: string; address: string }): string {
  if (input.configured) return input.configured;
  // A display name with characters that mean something in an address header is quoted (RFC 5322).
  const name = input.brand.replace(/[\r\n"\\]/g, '').trim();
  if (!name) return input.address;
  return /^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~]+$/.test(name)
    ? `${name} <${input.address}>`
    : `"${name}" <${input.address}>`;
}
