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

const DAY_MS = 24 * 60 * 60_000;

/**
 * The send date's window (issue 27 §7, decision 089): from today to one year ahead, as calendar days. "Today" is the
 * shopper's, in any time zone (UTC−12 to UTC+14): so the store, which counts in UTC, also takes the day before its
 * own today and the day after the same date next year. The messages name today and a year ahead.
 */
export const SEND_DATE_WINDOW = { years: 1, zoneSlackDays: 1 } as const;

export const SEND_DATE_MESSAGES = {
  notReal: 'Enter a date that is on the calendar.',
  past: 'The send date cannot be before today.',
  tooFar: 'The send date can be at most a year ahead.',
} as const;

/** A `YYYY-MM-DD` value as its UTC midnight when it is a real calendar date (no 30 February); otherwise null. */
export function parseSendDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC takes years 0–99 as 1900–1999: set the year again so "0001" stays the year 1 (and is refused as past).
  date.setUTCFullYear(year);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/** Whether a send day (UTC midnight) is before or after the window around `now`; null inside it. */
export function sendDateWindowProblem(sendOn: Date, now: Date): 'past' | 'tooFar' | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const slack = SEND_DATE_WINDOW.zoneSlackDays * DAY_MS;
  const yearAhead = new Date(today);
  yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + SEND_DATE_WINDOW.years);
  const day = sendOn.getTime();
  if (Number.isNaN(day) || day < today - slack) return 'past';
  if (day > yearAhead.getTime() + slack) return 'tooFar';
  return null;
}

export type GiftCardProblem =
  | 'amount-not-whole'
  | 'amount-below-min'
  | 'amount-above-max'
  | 'too-many'
  | 'bad-name'
  | 'send-date-past'
  | 'send-date-too-far';

export const GIFT_CARD_MESSAGES: Record<GiftCardProblem, (model: GiftCardModel) => string> = {
  'amount-not-whole': () => 'Gift card amounts are whole dollars.',
  'amount-below-min': (model) => `The smallest gift card is $${model.minAmount}.`,
  'amount-above-max': (model) => `The largest gift card is $${model.maxAmount}.`,
  'too-many': (model) => `A cart holds at most ${model.maxPerCart} gift cards.`,
  'bad-name': () => 'The gift card name must read "{recipient} emailing on dd/mm/yyyy".',
  'send-date-past': () => SEND_DATE_MESSAGES.past,
  'send-date-too-far': () => SEND_DATE_MESSAGES.tooFar,
};

/**
 * What is wrong with adding a gift card of `amountDollars` named `name`, sent on `sendOn` (when given, checked
 * against the window around `now`), to a cart holding `inCart` of them.
 */
export function giftCardProblem(
  model: GiftCardModel,
  card: { name: string; amountDollars: number; sendOn?: Date; now?: Date },
  inCart: number,
): GiftCardProblem | null {
  if (!Number.isInteger(card.amountDollars)) return 'amount-not-whole';
  if (card.amountDollars < model.minAmount) return 'amount-below-min';
  if (card.amountDollars > model.maxAmount) return 'amount-above-max';
  if (!isGiftCardName(card.name)) return 'bad-name';
  if (card.sendOn && card.now) {
    const window = sendDateWindowProblem(card.sendOn, card.now);
    if (window === 'past') return 'send-date-past';
    if (window === 'tooFar') return 'send-date-too-far';
  }
  if (inCart + 1 > model.maxPerCart) return 'too-many';
  return null;
}

/**
 * Gift-card codes (decision 099): 20 characters of Crockford's base32 (digits and letters without I, L, O and U),
 * 100 bits from the operating system's random source, shown in four groups of five ("7K3QM-…"). Stored without
 * the dashes; what a shopper types is read leniently: case, spaces and dashes do not matter, and I/L read as 1, O as 0.
 */
export const GIFT_CARD_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 20;
const CODE_GROUP = 5;

/** A typed code in its stored form, or null when it cannot be one (wrong length or characters). */
export function normalizeGiftCardCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (plain.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const char of plain) if (!GIFT_CARD_CODE_ALPHABET.includes(char)) return null;
  return plain;
}

/** A stored code as it is shown and mailed: four groups of five joined by dashes. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let at = 0; at < code.length; at += CODE_GROUP) groups.push(code.slice(at, at + CODE_GROUP));
  return groups.join('-');
}

/** The last group of a code, enough for the shopper to tell their cards apart on a page others may see. */
export function giftCardCodeEnding(code: string): string {
  return code.slice(-4);
}

/**
 * How much each gift card pays of `dueCents`, in the order they were applied: each pays what it can until nothing is
 * left. Cards with nothing to pay are left out; `remainingCents` is what the shopper still pays.
 */
export function splitAcrossGiftCards<T extends { balanceCents: number }>(
  dueCents: number,
  cards: readonly T[],
): { paid: (T & { amountCents: number })[]; remainingCents: number } {
  let remaining = Math.max(0, dueCents);
  const paid: (T & { amountCents: number })[] = [];
  for (const card of cards) {
    const amountCents = Math.min(Math.max(0, card.balanceCents), remaining);
    if (amountCents <= 0) continue;
    paid.push({ ...card, amountCents });
    remaining -= amountCents;
  }
  return { paid, remainingCents: remaining };
}

/**
 * What the applied cards pay of an order as checkout shows it (decision 099): the order's total less the gift cards
 * it buys (a card does not buy another), split across the cards in the order applied. The checkout page shows this
 * and carries its `paidCents` in the place-order form as what the shopper reviewed (decision 114).
 */
export function giftCardCoverage<T extends { balanceCents: number }>(
  orderCents: number,
  giftCertificatesCents: number,
  cards: readonly T[],
): { paid: (T & { amountCents: number })[]; paidCents: number; leftToPayCents: number } {
  const payable = Math.max(0, orderCents - giftCertificatesCents);
  const { paid } = splitAcrossGiftCards(payable, cards);
  const paidCents = paid.reduce((sum, card) => sum + card.amountCents, 0);
  return { paid, paidCents, leftToPayCents: orderCents - paidCents };
}

/** The largest gift-card amount a place-order form may say was reviewed: nine digits of cents. */
const REVIEWED_GIFT_CARD_CENTS = /^\d{1,9}$/;

/**
 * The place-order form's `giftCardCents` (decision 114): what the shopper reviewed as paid by gift cards, in cents.
 * Absent (or empty) is none reviewed, 0; anything but up to nine digits (negative, fractional, exponent, text, huge)
 * is null: the form is refused.
 */
export function parseReviewedGiftCardCents(raw: string | undefined | null): number | null {
  if (raw === undefined || raw === null || raw === '') return 0;
  if (!REVIEWED_GIFT_CARD_CENTS.test(raw)) return null;
  return Number(raw);
}

/** What the shopper reads about codes at checkout and on the balance check (decision 099). */
export const GIFT_CARD_CODE_MESSAGES = {
  /** One message for every code that cannot be used: unknown, mistyped or spent (no oracle for guessing). */
  invalid: 'That gift card code cannot be used. Check the code and try again.',
  applied: 'Gift card applied.',
  removed: 'Gift card removed.',
  already: 'That gift card is already applied.',
  tooMany: 'An order can use at most 5 gift cards.',
  tooManyTries: 'Too many gift card attempts. Please wait a few minutes and try again.',
  spentElsewhere:
    'A gift card you applied was used by another order meanwhile. Please review your order and try again.',
  required: 'Enter a gift card code.',
  /** The cards would pay a different amount from what the shopper reviewed (decision 114): nothing is charged. */
  balanceChanged: 'Your gift card balance changed. Please review your order and try again.',
} as const;

/** How many gift cards one order may use. */
export const MAX_GIFT_CARDS_PER_ORDER = 5;
