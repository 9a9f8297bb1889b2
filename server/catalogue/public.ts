/**
 * The catalogue's browser-safe surface: its types, the listing query and its URLs, image URLs, stock wording and
 * the variant chosen by `?size`. Components and route modules import the catalogue through this file (or, in
 * loaders and actions, through `index.server.ts`); a lint rule keeps the rest of `server/` out of `app/`.
 */
export type * from './types';
export * from './listing-query';
export { galleryImages, imageSizes, imageSrcSet, imageUrl, IMAGE_QUALITY } from './images';
export { isPurchasable, LOW_STOCK_THRESHOLD, stockMessage, stockStatus, type StockStatus } from './stock';
export { chosenVariant } from './variant-choice';
export { ratingRank, shownRating } from './ratings';
export { allSizeCharts, chartCoversSizes, sizeChartFor, type SizeChart } from './size-charts';
export type { DisplayPrice } from './types';
export { parseSku } from './sku';
