import { describe, expect, it } from 'vitest';
import { alreadySubscribedMail, confirmationMail } from './back-in-stock-mail';

const item = { to: 'a@example.com', productName: 'Ravine Rain Jacket', sku: 'RRJ-GRN-M' };

describe('back-in-stock mails name the brand in their subject', () => {
  it.each([
    ['Cairn Outdoor', 'Cairn Outdoor: Confirm your back-in-stock alert'],
    ['  Cairn Outdoor ', 'Cairn Outdoor: Confirm your back-in-stock alert'],
    ['', 'Confirm your back-in-stock alert'],
    [undefined, 'Confirm your back-in-stock alert'],
  ])('confirmation, brand %j', (siteName, subject) => {
    expect(confirmationMail({ ...item, link: 'https://shop.example/x', siteName }).subject).toBe(subject);
  });

  it.each([
    ['Cairn Outdoor', 'Cairn Outdoor: You are already on the back-in-stock list'],
    [undefined, 'You are already on the back-in-stock list'],
  ])('already on the list, brand %j', (siteName, subject) => {
    expect(alreadySubscribedMail({ ...item, siteName }).subject).toBe(subject);
  });

  it('escapes the item in the HTML part', () => {
    const mail = confirmationMail({
      ...item,
      productName: '<b>Jacket</b>',
      link: 'https://shop.example/?a=1&b=2',
    });
    expect(mail.html).toContain('&lt;b&gt;Jacket&lt;/b&gt; (RRJ-GRN-M)');
    expect(mail.html).toContain('href="https://shop.example/?a=1&amp;b=2"');
  });
});
