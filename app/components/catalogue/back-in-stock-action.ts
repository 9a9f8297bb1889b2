/** Where the back-in-stock form posts: a module of its own, so the product page can name it without zod. */
export const NOTIFY_ACTION = '/api/product/notify';
