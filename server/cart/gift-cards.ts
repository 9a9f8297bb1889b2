/**
 * Gift cards in the cart (SPEC §3, §5): the gift-card content model (minimum and maximum amount, maximum per
 * cart), amounts in whole dollars, and item names of the form "{recipient} emailing on dd/mm/yyyy". Pure and
 * browser-safe; table-tested in gift-cards.test.ts.
 */

/**
 * The gift-card content model. Amounts in whole dollars. The store reads it from content/gift-card.json (validated
 * by server/content's `giftCardSchema`) and passes it to the cart service as `deps.giftCards` (decision 061).
 */
export type GiftCardModel = { minAmount: number; maxAmount: number; maxPerCart: number };

/** The cart service's model when it is given none (tests); the same values as content/gift-card.json. */
export const DEFAULT_GIFT_CARD_MODEL: GiftCardModel = { minAmount: 25, maxAmount: 500, maxPerCart: 5 };

/** SPEC §5: "{recipient} emailing on dd/mm/yyyy". */
const NAME = /^(.+) emailing on (\d{2})\/(\d{2})\/(\d{4})$/;

/** The item name of a gift card sent to `recipient` on `date` (a UTC calendar day). */
export function giftCardName(recipient: string, date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${recipient.trim()} emailing on ${dd}/${mm}/${date.getUTCFullYear()}`;
}

/** Whether `name` has the SPEC's form with a real calendar date and a recipient. */
export function isGiftCardName(name: string): boolean {
  const match = NAME.exec(name);
  if (!match) return false;
  const [, recipient, dd, mm, yyyy] = match as unknown as [string, string, string, string, string];
  if (recipient.trim() === '' || recipient !== recipient.trim()) return false;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type GiftCardProblem =
  'amount-not-whole' | 'amount-below-min' | 'amount-above-max' | 'too-many' | 'bad-name';

export const GIFT_CARD_MESSAGES: Record<GiftCardProblem, (model: GiftCardModel) => string> = {
  'amount-not-whole': () => 'Gift card amounts are whole dollars.',
  'amount-below-min': (model) => `The smallest gift card is $${model.minAmount}.`,
  'amount-above-max': (model) => `The largest gift card is $${model.maxAmount}.`,
  'too-many': (model) => `A cart holds at most ${model.maxPerCart} gift cards.`,
  'bad-name': () => 'The gift card name must read "{recipient} emailing on dd/mm/yyyy".',
};

/** What is wrong with adding a gift card of `amountDollars` named `name` to a cart holding `inCart` of them. */
export function giftCardProblem(
  model: GiftCardModel,
  card: { name: string; amountDollars: number },
  inCart: number,
): GiftCardProblem | null {
  if (!Number.isInteger(card.amountDollars)) return 'amount-not-whole';
  if (card.amountDollars < model.minAmount) return 'amount-below-min';
  if (card.amountDollars > model.maxAmount) return 'amount-above-max';
  if (!isGiftCardName(card.name)) return 'bad-name';
  if (inCart + 1 > model.maxPerCart) return 'too-many';
  return null;
}
