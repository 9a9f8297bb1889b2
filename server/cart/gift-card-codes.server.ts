/** A new gift-card code (decision 099): 20 symbols of a 32-symbol alphabet, each from crypto.randomInt: 100 bits. */
import crypto from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from './gift-cards';

export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i += 1)
    code += GIFT_CARD_CODE_ALPHABET[crypto.randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}
