/**
 * The store speaks one spelling, US English (issue 9 §9). `britishSpellings` finds the British spellings a shopper
 * could read in a text, each with its US form, from a list of stems written down here: -our (colour), -re (centre),
 * -ise/-yse verbs (organise, analyse), doubled l (cancelled), -ogue (catalogue), -ence nouns (licence) and single
 * words (grey, jewellery). Only shopper-visible text is given to it: internal identifiers (`catalogue` in module
 * paths and image URLs) and the team's code comments may keep British spelling.
 */

/** British stem → US stem; a match is the stem at a word's start followed by one of its endings. */
const STEMS: readonly (readonly [british: string, us: string, endings: string])[] = [
  // -our
  ...[
    'ardour',
    'armour',
    'behaviour',
    'candour',
    'clamour',
    'colour',
    'endeavour',
    'favour',
    'flavour',
    'harbour',
    'honour',
    'humour',
    'labour',
    'neighbour',
    'odour',
    'parlour',
    'rigour',
    'rumour',
    'saviour',
    'savour',
    'splendour',
    'tumour',
    'valour',
    'vapour',
    'vigour',
    // Any ending: colourway, colourfast, favourite, neighbourhood, behavioural.
  ].map((word) => [word, word.replace(/our$/, 'or'), '[a-z]*'] as const),
  // -re
  ...[
    'centre',
    'metre',
    'litre',
    'theatre',
    'fibre',
    'calibre',
    'sabre',
    'sombre',
    'spectre',
    'lustre',
    'meagre',
  ].map((word) => [word, word.replace(/re$/, 'er'), '(s|d|glass)?'] as const),
  ['manoeuvr', 'maneuver', '(e|es|ed|ing|able)'],
  // -ise, -yse
  ...[
    'apologis',
    'authoris',
    'categoris',
    'characteris',
    'criticis',
    'customis',
    'emphasis',
    'energis',
    'familiaris',
    'finalis',
    'harmonis',
    'localis',
    'maximis',
    'memoris',
    'minimis',
    'moisturis',
    'neutralis',
    'normalis',
    'optimis',
    'organis',
    'personalis',
    'prioritis',
    'realis',
    'recognis',
    'rubberis',
    'sanitis',
    'specialis',
    'stabilis',
    'standardis',
    'sterilis',
    'summaris',
    'synchronis',
    'utilis',
    'visualis',
    'winteris',
  ].map((stem) => [stem, stem.replace(/is$/, 'iz'), '(e|es|ed|er|ers|ing|ation|ations)'] as const),
  ...['analys', 'paralys', 'catalys'].map(
    (stem) => [stem, stem.replace(/ys$/, 'yz'), '(e|ed|er|ers|ing)'] as const,
  ),
  // Doubled l before an ending (cancellation is US English too)
  ...[
    'cancell',
    'travell',
    'labell',
    'modell',
    'fuell',
    'signall',
    'totall',
    'marvell',
    'channell',
    'levell',
  ].map((stem) => [stem, stem.replace(/ll$/, 'l'), '(ed|ing|er|ers|ous)'] as const),
  // -ogue
  ...['catalogue', 'dialogue', 'analogue'].map((word) => [word, word.replace(/ue$/, ''), '(s|d)?'] as const),
  // -ence nouns, and single words
  ['licence', 'license', '(s|d)?'],
  ['defence', 'defense', '(s|less)?'],
  ['offence', 'offense', '(s)?'],
  ['pretence', 'pretense', '(s)?'],
  ['grey', 'gray', '(s|er|est|ish|ed)?'],
  ['jewellery', 'jewelry', ''],
  ['woollen', 'woolen', '(s)?'],
  ['tyre', 'tire', '(s)?'],
  ['aluminium', 'aluminum', ''],
  ['programme', 'program', '(s|d)?'],
  ['cheque', 'check', '(s)?'],
  ['mould', 'mold', '(s|ed|ing|y)?'],
  ['plough', 'plow', '(s|ed|ing)?'],
  ['sceptic', 'skeptic', '(s|al|ism)?'],
  ['pyjama', 'pajama', '(s)?'],
  ['whilst', 'while', ''],
  ['amongst', 'among', ''],
  ['learnt', 'learned', ''],
  ['judgement', 'judgment', '(s)?'],
  ['ageing', 'aging', ''],
  ['artefact', 'artifact', '(s)?'],
  ['draught', 'draft', '(s|y)?'],
  ['enrolment', 'enrollment', '(s)?'],
  ['fulfilment', 'fulfillment', '(s)?'],
  ['instalment', 'installment', '(s)?'],
  ['skilful', 'skillful', '(ly)?'],
  ['speciality', 'specialty', ''],
  ['cosy', 'cozy', ''],
  ['practise', 'practice', '(s|d)?'],
];

const PATTERN = new RegExp(
  `\\b(?:${STEMS.map(([british, , endings]) => `${british}${endings}`).join('|')})\\b`,
  'gi',
);

export type BritishSpelling = { word: string; us: string };

/** The British spellings in `text`, in order, each with the US stem to write instead. */
export function britishSpellings(text: string): BritishSpelling[] {
  return [...text.matchAll(PATTERN)].map(([word]) => {
    const lower = word.toLowerCase();
    const [british, us] = STEMS.find(([stem, , endings]) => new RegExp(`^${stem}${endings}$`).test(lower))!;
    return { word, us: `${us}${lower.slice(british.length)}` };
  });
}
