/**
 * The cart's Checkout button's form (no fields: the server decides where the cart checks out). A module of its own so
 * the cart panel, which shows the button, does not load the checkout's address and name rules with it (decision 063:
 * the code in the chunk that uses it; issue 24's page-weight budget).
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const checkoutStartForm = defineForm({
  id: 'checkout-start',
  honeypot: false,
  schema: z.object({}),
});
