import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/**
 * Add to Cart's form on the product page: a module of its own rather than part of `cart.css.ts`, so the product
 * page does not load the cart's class names (a chunk it shares with the cart's lazily loaded panel) to show it.
 */
export const addForm = style({ display: 'grid', gap: vars.space['2'], marginBlock: vars.space['4'] });
