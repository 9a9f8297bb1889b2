/** Product types as a shopper searches them in the plural ("jackets"), for "did you mean" and alternatives. */
export const TYPE_PLURALS: Record<string, string> = {
  jacket: 'jackets',
  vest: 'vests',
  pant: 'pants',
  bib: 'bibs',
  shirt: 'shirts',
  hoody: 'hoodies',
  baselayer: 'baselayers',
  glove: 'gloves',
  hat: 'hats',
  pack: 'packs',
  gaiter: 'gaiters',
  wader: 'waders',
  boot: 'boots',
  accessory: 'accessories',
};
