import { describe, expect, test } from 'vitest';
import type { PersonalState } from '../../../server/viewer/public';
import { PERSONAL_RENDER_FLAGS } from '../../../server/http/splice.server';
import { PANEL_FLAGS } from '../panels/panel-state';
import { splicePersonalState as spliceBytes } from './personal-splice.server';
import * as styles from './site-header.css';

/** The shape of a shared copy's regions, as SiteHeader and SiteFooter render them for nobody. */
const SHARED =
  '<body><header class="h" data-personal="header"><a class="i a" aria-label="Account" aria-haspopup="dialog" ' +
  'aria-expanded="false" data-panel-opener="signin" data-personal="account" data-discover="true" ' +
  'href="/mens/?login=true"><svg></svg></a><a class="i" aria-label="Cart" aria-haspopup="dialog" ' +
  'aria-expanded="false" data-panel-opener="cart" data-discover="true" href="/mens/?cart=true"><svg></svg></a>' +
  '</header><main>Cart</main><footer class="f" data-personal="footer"></footer></body>';

/** The splice works on bytes; these cases read as text. */
const splicePersonalState = (html: string, state: PersonalState) =>
  spliceBytes(Buffer.from(html, 'utf8'), state)?.toString('utf8') ?? null;

describe('splicePersonalState (decision 107)', () => {
  test('a cart of three, signed out', () => {
    expect(splicePersonalState(SHARED, { cartCount: 3, signedIn: false })).toBe(
      '<body><header class="h" data-personal="header" data-cart-count="3" data-signed-in="false"><a class="i a" ' +
        'aria-label="Account" aria-haspopup="dialog" aria-expanded="false" data-panel-opener="signin" ' +
        'data-personal="account" data-discover="true" href="/mens/?login=true"><svg></svg></a><a class="i" ' +
        'aria-label="Cart, 3 items" aria-haspopup="dialog" aria-expanded="false" data-panel-opener="cart" ' +
        `data-discover="true" href="/mens/?cart=true"><svg></svg><span class="${styles.badge}" ` +
        'aria-hidden="true">3</span></a></header><main>Cart</main><footer class="f" data-personal="footer"></footer></body>',
    );
  });

  test('signed in with an empty cart: the profile link, no badge, the footer told', () => {
    expect(splicePersonalState(SHARED, { cartCount: 0, signedIn: true })).toBe(
      '<body><header class="h" data-personal="header" data-cart-count="0" data-signed-in="true"><a class="i a" ' +
        'aria-label="Account" data-personal="account" data-discover="true" href="/account/profile"><svg></svg></a>' +
        '<a class="i" aria-label="Cart" aria-haspopup="dialog" aria-expanded="false" data-panel-opener="cart" ' +
        'data-discover="true" href="/mens/?cart=true"><svg></svg></a></header><main>Cart</main>' +
        '<footer class="f" data-personal="footer" data-signed-in=""></footer></body>',
    );
  });

  test('one item, and more than 99', () => {
    expect(splicePersonalState(SHARED, { cartCount: 1, signedIn: false })).toContain(
      'aria-label="Cart, 1 item"',
    );
    expect(splicePersonalState(SHARED, { cartCount: 120, signedIn: false })).toContain(
      'aria-hidden="true">99+</span>',
    );
  });

  test.each([
    ['no header', SHARED.replace('data-personal="header"', '')],
    ['no account link', SHARED.replace('data-personal="account"', '')],
    ['no cart link', SHARED.replace('data-panel-opener="cart"', '')],
    ['no footer', SHARED.replace('data-personal="footer"', '')],
    ['nothing', '<p>plain</p>'],
  ])('a page with %s is not spliced', (_, html) => {
    expect(splicePersonalState(html, { cartCount: 3, signedIn: true })).toBeNull();
  });

  test('the server renders personally for every panel flag of the app', () => {
    for (const flag of Object.keys(PANEL_FLAGS)) expect(PERSONAL_RENDER_FLAGS).toContain(flag);
  });
});
