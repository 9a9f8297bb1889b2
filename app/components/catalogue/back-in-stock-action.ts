/**
 * What the product page needs to know of the back-in-stock form without loading it (and zod): where it posts, and
 * its id (the form element's HTML id).
 */
export const NOTIFY_ACTION = '/api/product/notify';
export const BACK_IN_STOCK_FORM_ID = 'back-in-stock';
