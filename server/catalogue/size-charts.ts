/**
 * Size charts per product type and audience (issue 9 §3): a chart measures the body part the product fits (chest
 * for tops, waist and inseam for bottoms, hand for gloves, foot for boots) and lists every size of its audience's
 * range (men's S–3XL, women's XS–2XL, youth YS–YXL, unisex S–2XL; boots and gloves their own). One-size items (hats,
 * packs, gaiters, belts and other accessories) and types the store does not know get no chart rather than a wrong
 * one. Pure and browser-safe: the product page picks its chart from the product's `product_type` and `gender`.
 */

export type SizeChart = {
  /** What the chart is for, e.g. "Men's tops and jackets: body measurements in inches". */
  caption: string;
  /** The first column is the size. */
  columns: string[];
  /** One row per size, the size first. */
  rows: string[][];
};

type Audience = 'mens' | 'womens' | 'youth' | 'unisex';
type Fit = 'top' | 'bottom' | 'baselayer' | 'wader' | 'glove' | 'boot';

/** Product types by what they fit; types not listed (hat, pack, gaiter, accessory, belt…) are one-size. */
const FIT_BY_TYPE: Readonly<Record<string, Fit>> = {
  jacket: 'top',
  vest: 'top',
  shirt: 'top',
  hoody: 'top',
  pant: 'bottom',
  bib: 'bottom',
  baselayer: 'baselayer',
  wader: 'wader',
  glove: 'glove',
  boot: 'boot',
};

const AUDIENCE_BY_GENDER: Readonly<Record<string, Audience>> = {
  mens: 'mens',
  womens: 'womens',
  youth: 'youth',
  unisex: 'unisex',
};

const AUDIENCE_LABEL: Record<Audience, string> = {
  mens: "Men's",
  womens: "Women's",
  youth: 'Youth',
  unisex: 'Unisex',
};

/** Body measurements in inches by size, per audience (columns after the size). */
type Table = Partial<Record<Audience, string[][]>>;

// prettier-ignore
const TOPS: Table = {
  mens: [['S', '35–37', '29–31', '33'], ['M', '38–40', '32–34', '34'], ['L', '41–44', '35–37', '35'], ['XL', '45–48', '38–41', '36'], ['2XL', '49–52', '42–45', '37'], ['3XL', '53–56', '46–49', '38']],
  womens: [['XS', '31–32', '24–25', '30'], ['S', '33–34', '26–27', '31'], ['M', '35–36', '28–29', '32'], ['L', '37–39', '30–32', '33'], ['XL', '40–42', '33–35', '33.5'], ['2XL', '43–45', '36–38', '34']],
  youth: [['YS', '26–27', '23–24', '25'], ['YM', '28–29', '25–26', '27'], ['YL', '30–32', '26–27', '29'], ['YXL', '33–34', '28–29', '30']],
  unisex: [['S', '35–37', '29–31', '33'], ['M', '38–40', '32–34', '34'], ['L', '41–44', '35–37', '35'], ['XL', '45–48', '38–41', '36'], ['2XL', '49–52', '42–45', '37']],
};
// prettier-ignore
const BOTTOMS: Table = {
  mens: [['S', '29–31', '36–38', '32'], ['M', '32–34', '39–41', '32'], ['L', '35–37', '42–44', '32'], ['XL', '38–41', '45–48', '32'], ['2XL', '42–45', '49–52', '32'], ['3XL', '46–49', '53–56', '32']],
  womens: [['XS', '24–25', '34–35', '30'], ['S', '26–27', '36–37', '30'], ['M', '28–29', '38–39', '31'], ['L', '30–32', '40–42', '31'], ['XL', '33–35', '43–45', '31'], ['2XL', '36–38', '46–48', '31']],
  youth: [['YS', '22–23', '26–27', '24'], ['YM', '24–25', '28–29', '26'], ['YL', '26–27', '30–32', '28'], ['YXL', '28–29', '33–34', '29']],
  unisex: [['S', '29–31', '36–38', '32'], ['M', '32–34', '39–41', '32'], ['L', '35–37', '42–44', '32'], ['XL', '38–41', '45–48', '32'], ['2XL', '42–45', '49–52', '32']],
};
// prettier-ignore
const BASELAYERS: Table = {
  mens: [['S', '35–37', '29–31', '36–38'], ['M', '38–40', '32–34', '39–41'], ['L', '41–44', '35–37', '42–44'], ['XL', '45–48', '38–41', '45–48'], ['2XL', '49–52', '42–45', '49–52'], ['3XL', '53–56', '46–49', '53–56']],
  womens: [['XS', '31–32', '24–25', '34–35'], ['S', '33–34', '26–27', '36–37'], ['M', '35–36', '28–29', '38–39'], ['L', '37–39', '30–32', '40–42'], ['XL', '40–42', '33–35', '43–45'], ['2XL', '43–45', '36–38', '46–48']],
  youth: [['YS', '26–27', '23–24', '26–27'], ['YM', '28–29', '25–26', '28–29'], ['YL', '30–32', '26–27', '30–32'], ['YXL', '33–34', '28–29', '33–34']],
  unisex: [['S', '35–37', '29–31', '36–38'], ['M', '38–40', '32–34', '39–41'], ['L', '41–44', '35–37', '42–44'], ['XL', '45–48', '38–41', '45–48'], ['2XL', '49–52', '42–45', '49–52']],
};
// prettier-ignore
const WADERS: Table = {
  mens: [['S', '35–38', '30', '8–9'], ['M', '39–42', '31', '9–10'], ['L', '43–46', '32', '10–11'], ['XL', '47–50', '33', '11–12'], ['2XL', '51–54', '34', '12–13'], ['3XL', '55–58', '34', '13–14']],
  womens: [['XS', '30–32', '28', '5–6'], ['S', '33–35', '29', '6–7'], ['M', '36–38', '30', '7–8'], ['L', '39–41', '31', '8–9'], ['XL', '42–44', '31', '9–10'], ['2XL', '45–47', '32', '10–11']],
  unisex: [['S', '35–38', '30', '8–9'], ['M', '39–42', '31', '9–10'], ['L', '43–46', '32', '10–11'], ['XL', '47–50', '33', '11–12'], ['2XL', '51–54', '34', '12–13']],
};
// prettier-ignore
const GLOVES: Table = {
  mens: [['S', '7–7.5', '6.9'], ['M', '8–8.5', '7.3'], ['L', '9–9.5', '7.7'], ['XL', '10–10.5', '8.1'], ['2XL', '11–11.5', '8.5']],
  womens: [['XS', '6–6.5', '6.1'], ['S', '6.5–7', '6.5'], ['M', '7–7.5', '6.9'], ['L', '7.5–8', '7.3']],
  youth: [['YS', '5–5.5', '5.5'], ['YM', '5.5–6', '5.9'], ['YL', '6–6.5', '6.3']],
  unisex: [['S', '7–7.5', '6.9'], ['M', '8–8.5', '7.3'], ['L', '9–9.5', '7.7'], ['XL', '10–10.5', '8.1']],
};
// prettier-ignore
const BOOTS: Table = {
  mens: [['8', '10.2', '41'], ['9', '10.5', '42'], ['10', '10.9', '43'], ['11', '11.2', '44.5'], ['12', '11.6', '45.5'], ['13', '11.9', '47']],
  womens: [['6', '9.1', '36.5'], ['7', '9.4', '37.5'], ['8', '9.8', '39'], ['9', '10.1', '40'], ['10', '10.4', '41']],
  youth: [['4', '8.7', '36'], ['5', '9.0', '37'], ['6', '9.4', '38.5']],
  unisex: [['8', '10.2', '41'], ['9', '10.5', '42'], ['10', '10.9', '43'], ['11', '11.2', '44.5'], ['12', '11.6', '45.5']],
};

const CHARTS: Record<Fit, { subject: string; columns: string[]; table: Table; unit: string }> = {
  top: {
    subject: 'tops and jackets',
    columns: ['Size', 'Chest', 'Waist', 'Sleeve'],
    table: TOPS,
    unit: 'body measurements in inches',
  },
  bottom: {
    subject: 'pants and bibs',
    columns: ['Size', 'Waist', 'Hip', 'Inseam'],
    table: BOTTOMS,
    unit: 'body measurements in inches',
  },
  baselayer: {
    subject: 'base layers',
    columns: ['Size', 'Chest', 'Waist', 'Hip'],
    table: BASELAYERS,
    unit: 'body measurements in inches',
  },
  wader: {
    subject: 'waders',
    columns: ['Size', 'Chest', 'Inseam', 'US boot size'],
    table: WADERS,
    unit: 'body measurements in inches',
  },
  glove: {
    subject: 'gloves',
    columns: ['Size', 'Hand circumference', 'Hand length'],
    table: GLOVES,
    unit: 'hand measurements in inches',
  },
  boot: {
    subject: 'boots',
    columns: ['US size', 'Foot length', 'EU size'],
    table: BOOTS,
    unit: 'foot length in inches',
  },
};

/** The chart for a product of this type and gender (custom fields), or null when none fits. */
export function sizeChartFor(productType: string | undefined, gender: string | undefined): SizeChart | null {
  const fit = FIT_BY_TYPE[(productType ?? '').trim().toLowerCase()];
  const audience = AUDIENCE_BY_GENDER[(gender ?? '').trim().toLowerCase()] ?? 'unisex';
  if (!fit) return null;
  const chart = CHARTS[fit];
  const rows = chart.table[audience];
  if (!rows) return null;
  return {
    caption: `${AUDIENCE_LABEL[audience]} ${chart.subject}: ${chart.unit}`,
    columns: chart.columns,
    rows: rows.map((row) => [...row]),
  };
}

/** Whether the chart lists every size the product sells (a chart that lacks one is not shown). */
export function chartCoversSizes(chart: SizeChart, sizes: readonly string[]): boolean {
  const listed = new Set(chart.rows.map((row) => row[0]));
  return sizes.every((size) => listed.has(size));
}

/** Every chart the store has, for the size-chart help page: each fit for each audience it is made for. */
export function allSizeCharts(): SizeChart[] {
  const genders: Record<Audience, string> = {
    mens: 'Mens',
    womens: 'Womens',
    youth: 'Youth',
    unisex: 'Unisex',
  };
  const typeOf = (fit: Fit) => Object.keys(FIT_BY_TYPE).find((type) => FIT_BY_TYPE[type] === fit) ?? '';
  return (Object.keys(CHARTS) as Fit[]).flatMap((fit) =>
    (Object.keys(genders) as Audience[]).flatMap((audience) => {
      const chart = sizeChartFor(typeOf(fit), genders[audience]);
      return chart ? [chart] : [];
    }),
  );
}
