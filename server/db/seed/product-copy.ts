/**
 * Product copy (issue 24 §12): the description a product page shows, written per style as a brand would write it.
 * Three parts, separated by blank lines so the page renders them as blocks (ProductDescription):
 * - a lead paragraph: what the piece is, what it is made of (its technologies as its custom fields list them),
 *   how it fits (per gender and for youth) and where it earns its place (the product's pursuits, or everyday wear);
 * - "Features": four to five points drawn from the style's list;
 * - "Care": how to wash and store it, true to its material (down, synthetic fill, merino, a waterproof membrane…).
 *
 * Deterministic: every choice comes from the product's own `copy` stream (`random.fork('copy')`), which draws nothing
 * from the stream the rest of the product is made from, so adding copy changed no price, stock or field.
 */
import type { Pursuit } from './categories';
import type { ProductPlan } from './product-plan';
import type { Random } from './random';
import type { Gender, TechnologyBadge } from './product-types';

/** What a product is made of, which decides its care. */
export type Material =
  | 'membrane'
  | 'down'
  | 'synthetic-fill'
  | 'softshell'
  | 'fleece'
  | 'merino'
  | 'poly-knit'
  | 'cotton-blend'
  | 'knit-hat'
  | 'structured-cap'
  | 'glove'
  | 'pack'
  | 'boot'
  | 'wader'
  | 'webbing'
  | 'mesh';

/** A word each material's care names (the seed tests hold every product's care to it). */
export const CARE_MENTIONS: Record<Material, RegExp> = {
  membrane: /membrane|waterproof/i,
  down: /down/i,
  'synthetic-fill': /synthetic insulation/i,
  softshell: /water-repellent/i,
  fleece: /fleece/i,
  merino: /merino|wool/i,
  'poly-knit': /polyester/i,
  'cotton-blend': /cotton/i,
  'knit-hat': /knit/i,
  'structured-cap': /bill|brim/i,
  glove: /leather|palm/i,
  pack: /frame|pack/i,
  boot: /leather/i,
  wader: /neoprene|membrane/i,
  webbing: /nylon|webbing|polyester/i,
  mesh: /mesh/i,
};

const CARE: Record<Material, readonly string[]> = {
  membrane: [
    'Close every zipper and hook-and-loop tab, then machine wash warm on a gentle cycle with a technical wash made for waterproof fabrics; skip fabric softener, which clogs the membrane. Rinse twice. Tumble dry low for twenty minutes: the heat brings back the water-repellent finish on the face fabric.',
    'Wash it when the face fabric starts to wet out: warm, gentle cycle, a technical wash for waterproof membranes, no softener and no bleach, two rinses. Tumble dry low, or hang it dry and finish with ten minutes in a low dryer to revive the water-repellent finish.',
  ],
  down: [
    'Wash it on its own in a front-loading machine, cold and gentle, with a wash made for down. Tumble dry low with two or three clean tennis balls until every clump of down is gone; that can take several cycles. Store it loose on a hanger, not in its stuff sack.',
    'Machine wash cold on a gentle cycle with a down-specific wash; never use softener or bleach. Dry on low heat with dryer balls, checking every half hour, until the down lofts evenly. Compress it only to carry it, and store it loose.',
  ],
  'synthetic-fill': [
    'Machine wash cold on a gentle cycle with a mild detergent and no fabric softener, zippers closed. Tumble dry low. The synthetic insulation keeps its loft through many washes and still warms when damp; store it loose, not compressed.',
    'Zip it up, turn it inside out and machine wash cold with a mild detergent; no softener, no bleach. Tumble dry low until dry through. Synthetic insulation does not mind frequent washing, but it does mind long storage in a stuff sack: hang it.',
  ],
  softshell: [
    'Machine wash cold with like colors, zippers closed; no fabric softener or bleach. Tumble dry low or hang to dry. A few minutes in a warm dryer renews the durable water-repellent finish when water stops beading.',
    'Wash cold on a normal cycle with a technical wash, inside out. Hang to dry, then tumble low for ten minutes to bring back the water-repellent finish. Do not iron, and keep it away from campfire sparks.',
  ],
  fleece: [
    'Machine wash cold, inside out, with like colors. Tumble dry low or lay flat. No softener, no bleach and no iron: heat flattens the fleece and takes away its warmth.',
    'Turn it inside out and machine wash cold on a gentle cycle; line dry or tumble dry low. Fabric softener coats the fleece fibers and slows drying, so leave it out.',
  ],
  merino: [
    'Machine wash cold on the wool cycle, inside out, with a wool-safe detergent. Lay flat to dry. No bleach, no softener, no tumble drying. Merino resists odor, so it needs washing less often than you would think.',
    'Wash cold and gentle, inside out, with a wool wash, or by hand. Reshape and dry it flat, out of direct sun. Skip the dryer and fabric softener; merino wool shrinks with heat and needs neither.',
  ],
  'poly-knit': [
    'Machine wash cold, inside out, with like colors. Tumble dry low. Leave out fabric softener, which clogs the polyester fibers that move sweat away from your skin.',
    'Machine wash cold and tumble dry low; do not iron the printed pattern. Polyester knit dries fast on a line overnight at camp.',
  ],
  'cotton-blend': [
    'Machine wash cold, inside out, with like colors, and tumble dry low; the cotton blend is preshrunk but likes to keep its size away from high heat. Do not iron the print.',
    'Wash cold with like colors and hang dry or tumble dry low. Cotton holds water, so it is a shirt for camp and town, not for a wet hike in.',
  ],
  'knit-hat': [
    'Hand wash cold with a mild detergent, press out the water in a towel and lay it flat to dry. Do not wring or tumble dry the knit.',
    'Hand wash in cold water, or machine wash cold in a mesh bag. Reshape and lay flat to dry; heat shrinks a knit.',
  ],
  'structured-cap': [
    'Spot clean with a soft brush and a little mild soap, then let it air dry on a form. Do not machine wash: the bill and crown would lose their shape.',
  ],
  glove: [
    'Hand wash in cold water with a mild soap, rinse and squeeze gently; do not wring. Let them air dry at room temperature, fingers open, never on a heater. Work the leather palm between your hands once dry to keep it supple.',
  ],
  pack: [
    'Empty every pocket, shake out debris and spot clean with a soft brush and mild soap. Rinse it and hang it open to dry, out of direct sun. Never machine wash a pack with a frame: it can bend the stays and strip the coating.',
  ],
  boot: [
    'Brush off mud after every hunt and rinse with clean water. Take out the insoles and let the boots dry at room temperature, never by a fire or heater. Treat the leather with a conditioner made for waterproof boots a few times a season.',
  ],
  wader: [
    'Rinse inside and out with fresh water after every hunt, especially after salt or brackish water. Turn them inside out to dry the membrane side, then hang them by the boots, out of the sun. Store them hanging, away from heaters and motors: ozone and heat age neoprene and seams.',
  ],
  webbing: [
    'Spot clean with mild soap and cold water and air dry. Nylon webbing and buckles need no more than that; keep it out of the dryer.',
  ],
  mesh: [
    'Rinse the bags in cold water as soon as you are back at the truck, then machine wash cold with an unscented detergent. Hang the polyester mesh to dry; it is dry in an hour in the breeze.',
  ],
};

type Copy = {
  /** "a three-layer rain shell": what it is, with its article. */
  whats: readonly string[];
  /** What it does, a sentence without the product's name. */
  does: readonly string[];
  /** How it is built; `tech` names its technologies as the product's fields list them. */
  build: (tech: Tech, name: string) => string;
  features: readonly string[];
  material: (name: string) => Material;
  /** A fit sentence per gender; Unisex also for gear. */
  fit?: Partial<Record<Gender, string>>;
};

type Tech = { has: (badge: TechnologyBadge) => boolean; name: string };

const APPAREL_FIT: Record<Gender, string> = {
  Mens: 'Cut in our athletic fit for men: room in the shoulders to draw a bow or shoulder a rifle, trimmer through the waist.',
  Womens:
    'Patterned for women rather than resized from the men’s: narrower shoulders, a shorter torso and room at the hip.',
  Youth:
    'Sized for young hunters with the same fabrics as the adult version, and sleeves cut a little long to get another season out of it.',
  Unisex: 'Unisex sizing; the size chart gives chest and inseam for each size.',
};

const BOTTOM_FIT: Record<Gender, string> = {
  Mens: 'The men’s fit has articulated knees and a gusseted crotch, so a high step over deadfall never binds.',
  Womens:
    'The women’s fit sits higher at the back, with a contoured waistband and room through the hip and thigh.',
  Youth: 'Youth sizes have an adjustable waist and extra hem length that lets down as they grow.',
  Unisex: 'Unisex sizing with an adjustable waist.',
};

/** Fit of gear by gender, where gear has one. */
const GEAR_FIT: Partial<Record<string, Partial<Record<Gender, string>>>> = {
  glove: {
    Mens: 'Men’s sizes run from S to 2XL; measure around the knuckles.',
    Womens: 'Built on a women’s hand pattern, with a narrower palm and slimmer fingers.',
    Youth: 'Sized for smaller hands, with a cuff that closes snug on a young wrist.',
  },
  boot: {
    Mens: 'Built on our men’s last, with a roomy toe box for thick socks.',
    Womens: 'Built on a women’s last: a narrower heel, a lower volume and a higher arch.',
    Youth: 'Built on a youth last, with the support of the adult boot.',
  },
  wader: {
    Womens: 'Cut for women, with room at the hip, a shorter torso and women’s boot sizes.',
  },
  hat: {
    Youth: 'Sized for young hunters.',
    Womens: 'Cut a little smaller for women.',
  },
};

const polygiene = (tech: Tech) =>
  tech.has('Polygiene') ? ' Polygiene odor control keeps it fresh through a week in camp.' : '';
const insectShield = (tech: Tech) =>
  tech.has('Insect Shield')
    ? ' An Insect Shield treatment repels ticks and mosquitoes and lasts the life of the garment.'
    : '';

const STYLE_COPY: Record<string, Copy> = {
  'rain-jacket': {
    whats: ['a three-layer rain shell', 'a waterproof, breathable storm shell', 'a packable rain jacket'],
    does: [
      'It keeps a sideways rain out through a full day of glassing and still lets the heat of a steep climb escape.',
      'It weighs about 14 ounces and packs into its own chest pocket, so it rides in the pack until the weather turns.',
      'It is the layer you pull over everything else when the forecast turns and the hunt does not.',
    ],
    build: (tech) =>
      tech.has('Gore-Tex')
        ? 'A GORE-TEX membrane is laminated between a quiet 40-denier nylon face and a smooth backer, and every seam is taped.'
        : 'Our own waterproof, breathable membrane is laminated to a quiet 40-denier nylon face, and every seam is taped.',
    features: [
      'Helmet-compatible hood that turns with your head, with a laminated brim',
      'Pit zips with two-way sliders to dump heat on the climb',
      'Two chest pockets above a hip belt, with water-resistant zippers',
      'Adjustable cuffs with low-profile hook-and-loop tabs',
      'Drop hem that covers the seat when you sit on wet ground',
      'Stows into its own chest pocket',
      'Durable water-repellent finish that keeps the face fabric from wetting out',
    ],
    material: () => 'membrane',
  },
  'down-jacket': {
    whats: [
      'an 850-fill goose down jacket',
      'a warm, featherweight down layer',
      'a down jacket for the cold sits',
    ],
    does: [
      'It gives the most warmth for its weight of anything we make and compresses to the size of a water bottle.',
      'Pull it on at the top of the ridge when you stop to glass and the sweat of the climb starts to chill.',
      'It is the layer that keeps you on the stand through the last hour of light in late November.',
    ],
    build: (tech) =>
      `Responsibly sourced 850-fill-power goose down, treated to resist moisture, sits in baffles of 20-denier ripstop nylon${
        tech.has('WindStopper by GORE Labs')
          ? ', with a WindStopper by GORE Labs layer that stops the wind from stealing its heat'
          : ''
      }.`,
    features: [
      'Baffles sized to keep the down from shifting',
      'Two zippered hand pockets lined with brushed tricot',
      'Internal drop pocket that holds gloves or a bino harness flask',
      'Elastic cuffs and a drawcord hem to seal out drafts',
      'Packs into its own hand pocket',
      'Quiet face fabric for close-range hunts',
    ],
    material: () => 'down',
  },
  'synthetic-jacket': {
    whats: [
      'a synthetic insulated jacket',
      'an insulated layer that stays warm when wet',
      'a warm insulated piece for the coldest hunts',
    ],
    does: [
      'It keeps its warmth in the wet, freezing weather that flattens down, which makes it the insulation for the duck blind.',
      'It is built for long, still hours in the cold, worn over a baselayer and a fleece or under a rain shell.',
      'It handles sleet, snow and the damp of a frosty morning without losing its loft.',
    ],
    build: (tech) =>
      `${
        tech.has('PrimaLoft')
          ? 'PrimaLoft Gold insulation, 133 g in the body and 100 g in the sleeves,'
          : 'Continuous-filament synthetic insulation, 133 g in the body and 100 g in the sleeves,'
      } sits under a brushed polyester face${tech.has('Gore-Tex') ? ' with a GORE-TEX membrane that turns wind and snow' : ' that stays quiet in the brush'}.`,
    features: [
      'Insulated hood that fits over a beanie',
      'Fleece-lined hand-warmer pockets',
      'Two-way front zipper for a harness or a seat on the ground',
      'Quiet brushed face that makes no noise when you draw',
      'Internal mesh dump pockets for gloves and calls',
      'Adjustable hem and cuffs',
    ],
    material: () => 'synthetic-fill',
  },
  'softshell-jacket': {
    whats: [
      'a stretch softshell jacket',
      'a windproof softshell for the move',
      'a breathable, weather-resistant softshell',
    ],
    does: [
      'It is the jacket you hike in: it stretches with every step, breathes on the climb and turns a light shower.',
      'It handles most of a fall day by itself, from a cold start at the truck to a wind-scoured ridge at noon.',
      'It bridges the gap between a fleece and a shell, and stays on from the trailhead to the kill.',
    ],
    build: (tech) =>
      `A four-way-stretch woven face ${
        tech.has('WindStopper by GORE Labs')
          ? 'bonded to a WindStopper by GORE Labs membrane'
          : tech.has('Polartec')
            ? 'over a Polartec grid fleece backer'
            : 'over a brushed grid backer'
      }, with a durable water-repellent finish.${polygiene(tech)}`,
    features: [
      'Stretch woven fabric that moves with you',
      'Chest pocket sized for a phone or a range card',
      'Pit zips for airflow on long climbs',
      'Low-profile hood that fits under a shell',
      'Hand pockets set above a pack hip belt',
      'Thumb loops that keep the sleeves over your gloves',
    ],
    material: () => 'softshell',
  },
  'insulated-vest': {
    whats: ['an insulated vest', 'a warm core layer without sleeves', 'a light, packable vest'],
    does: [
      'It keeps your core warm and leaves your arms free to draw, shoulder a gun or run a call.',
      'Layer it over a baselayer on the hike in and under a shell when you sit down to glass.',
      'It is warmth where you need it most, for the price of a few ounces in the pack.',
    ],
    build: (tech, name) =>
      /\bDown\b/.test(name)
        ? `800-fill-power down, treated to resist moisture, fills a quiet ripstop shell${
            tech.has('PrimaLoft')
              ? ', with PrimaLoft insulation in the side panels where sweat would flatten down'
              : ''
          }.`
        : `${tech.has('PrimaLoft') ? 'PrimaLoft Gold insulation' : 'Synthetic insulation, 100 g throughout,'} fills a quiet ripstop shell and stays warm when it gets wet.`,
    features: [
      'Two zippered hand-warmer pockets',
      'Internal chest pocket',
      'Stand-up collar that blocks a cold breeze',
      'Packs into its own hand pocket',
      'Drawcord hem',
    ],
    material: (name) => (/\bDown\b/.test(name) ? 'down' : 'synthetic-fill'),
  },
  'fleece-vest': {
    whats: ['a fleece vest', 'a grid fleece vest', 'a breathable mid-layer vest'],
    does: [
      'It breathes when you hike and holds warmth when you stop, a mid-layer for three seasons.',
      'Wear it over a shirt on a September evening, or under a shell on a frosty morning.',
      'It is the piece that stays on all day and still fits under everything else.',
    ],
    build: (tech) =>
      `${
        tech.has('Polartec') ? 'Polartec Power Grid fleece' : 'A midweight grid fleece'
      } traps warm air in its channels and moves sweat out through them.${polygiene(tech)}`,
    features: [
      'Two zippered hand pockets',
      'Stretch binding at the armholes',
      'Zippered chest pocket',
      'Low-bulk seams that lie flat under a pack',
      'Drop tail for coverage on a seat',
    ],
    material: () => 'fleece',
  },
  'rain-pant': {
    whats: ['a waterproof rain pant', 'a three-layer storm pant', 'a packable rain pant'],
    does: [
      'It keeps you dry kneeling in wet grass, sitting on a soaked log and pushing through dripping timber.',
      'It is light enough to carry every day and tough enough to wear through a day of downpour.',
      'When the rain sets in for the week, it is the pant you wear from the tent to the glassing knob.',
    ],
    build: (tech) =>
      tech.has('Gore-Tex')
        ? 'A GORE-TEX membrane behind a quiet nylon face, with fully taped seams.'
        : 'Our own waterproof, breathable membrane behind a quiet nylon face, with fully taped seams.',
    features: [
      'Full-length side zips to pull them on over boots',
      'Reinforced scuff guards at the ankles',
      'Articulated knees',
      'Adjustable waist with belt loops',
      'Zippered thigh pocket',
      'Stows into its own pocket',
    ],
    material: () => 'membrane',
  },
  'insulated-pant': {
    whats: ['an insulated pant', 'a warm pant for the stand', 'an insulated over-pant'],
    does: [
      'Pull it on over your baselayer when you reach the stand and stay warm through the last light.',
      'It keeps your legs warm on long still sits, where cold creeps in first.',
      'It is built for the late season, when the temperature drops into single digits.',
    ],
    build: (tech, name) =>
      /\bDown\b/.test(name)
        ? `Water-resistant 800-fill down sits under a quiet brushed face, mapped to the thighs and seat${
            tech.has('PrimaLoft')
              ? ', with PrimaLoft insulation at the knees, where down would be crushed'
              : ''
          }.`
        : `${tech.has('PrimaLoft') ? 'PrimaLoft Gold insulation' : 'Synthetic insulation'}, 100 g in the legs and 133 g in the seat, sits under a quiet brushed face and keeps its warmth when damp.`,
    features: [
      'Full side zips to put them on over boots',
      'Suspender attachment points',
      'Knee-high zippered vents',
      'Brushed, quiet face fabric',
      'Reinforced cuffs',
    ],
    material: (name) => (/\bDown\b/.test(name) ? 'down' : 'synthetic-fill'),
  },
  'softshell-pant': {
    whats: ['a stretch field pant', 'a hard-wearing softshell pant', 'a technical hunting pant'],
    does: [
      'It is the pant for most days in the field: it breathes on the climb, stretches for the high step and shrugs off brush.',
      'It handles every mile from the early season to the first snow.',
      'It moves with you through dense timber and across scree.',
    ],
    build: (tech) =>
      `A four-way-stretch nylon woven with a durable water-repellent finish, reinforced at the knees and seat${
        tech.has('WindStopper by GORE Labs')
          ? ', with a WindStopper by GORE Labs layer at the front of the thighs'
          : ''
      }.${insectShield(tech)}${polygiene(tech)}`,
    features: [
      'Articulated knees with room for knee pads',
      'Cargo pocket for a rangefinder',
      'Zippered thigh vents',
      'Low-profile waistband that sits under a pack belt',
      'Reinforced hems',
      'Belt loops and a built-in belt',
    ],
    material: () => 'softshell',
  },
  'insulated-bib': {
    whats: ['an insulated bib', 'a warm, waterproof bib', 'a bib for the coldest sits'],
    does: [
      'It seals out the wind at your back and keeps your core warm on long, still days.',
      'It is built for late-season sits in a treestand or a blind, when the cold creeps in from below.',
      'Pair it with an insulated jacket and you are set for the last week of the season.',
    ],
    build: (tech) =>
      `${tech.has('PrimaLoft') ? 'PrimaLoft insulation' : 'Synthetic insulation'} in a quiet brushed shell${
        tech.has('Gore-Tex') ? ' with a GORE-TEX membrane' : ''
      }, with a high back that blocks the wind.`,
    features: [
      'Full-length side zips',
      'Adjustable suspenders',
      'Chest pocket for a phone or calls',
      'Reinforced knees',
      'Drop seat',
    ],
    material: () => 'synthetic-fill',
  },
  'rain-bib': {
    whats: ['a waterproof rain bib', 'a storm bib for wet country', 'a breathable rain bib'],
    does: [
      'It keeps you dry waist-deep in cattails and in the cold rain of a duck blind.',
      'Its high back stops water from running down your back while you lean to set decoys.',
      'It is built for the wettest days, when a rain pant is not enough.',
    ],
    build: (tech) =>
      `${tech.has('Gore-Tex') ? 'A GORE-TEX' : 'A waterproof, breathable'} membrane behind a quiet nylon face, with fully taped seams.`,
    features: [
      'Adjustable suspenders',
      'Full-length side zips',
      'Waterproof chest pocket',
      'Scuff guards at the ankles',
      'Knee reinforcement',
    ],
    material: () => 'membrane',
  },
  'field-shirt': {
    whats: ['a lightweight field shirt', 'a breathable long-sleeve shirt', 'a quick-drying hunting shirt'],
    does: [
      'It is the first layer for early-season hunts: it moves sweat and dries fast when you stop.',
      'It keeps the sun off your arms and the bugs off your skin on warm September days.',
      'It is light enough for a hot climb and good enough to wear into town afterward.',
    ],
    build: (tech) =>
      `A lightweight polyester knit${
        tech.has('Aerolite Collection') ? ' from our Aerolite Collection, made for warm days' : ''
      } with a soft, quick-drying hand.${insectShield(tech)}${polygiene(tech)}`,
    features: [
      'Flat seams that do not rub under a pack',
      'Zippered chest pocket',
      'Thumb loops',
      'Collar that stands up against the sun',
      'UPF 30 sun protection',
    ],
    material: () => 'poly-knit',
  },
  tee: {
    whats: ['a soft everyday tee', 'a heavyweight camp tee', 'a short-sleeve tee with our mark'],
    does: [
      'It is the shirt for camp chores, the drive home and the months between seasons.',
      'It keeps its shape and color through a hundred washes and still feels broken in on day one.',
      'It is the tee you grab at the cabin when the boots come off.',
    ],
    build: (tech) =>
      `It is knit from a 6-ounce blend of cotton and polyester, soft against skin and slow to fade.${polygiene(tech)}`,
    features: [
      'Ribbed crew neck that keeps its shape',
      'Preshrunk fabric',
      'Tag-free printed neck label',
      'Soft water-based print that does not crack',
      'Side seams, so it hangs straight',
    ],
    material: () => 'cotton-blend',
  },
  'pullover-hoody': {
    whats: ['a midweight pullover hoody', 'a brushed-fleece pullover', 'a warm camp pullover'],
    does: [
      'It is the first thing on at the truck before dawn and the last thing off by the fire at night.',
      'It is warm enough for a frosty morning and soft enough to sleep in at elk camp.',
      'It layers under a shell on a cold stand and stands alone on a cool evening.',
    ],
    build: (tech) =>
      `${
        tech.has('Polartec') ? 'Polartec Power Stretch fleece' : 'A 280 g/m² brushed-back polyester fleece'
      } gives it a smooth face that sheds lint and a soft, warm inside.${polygiene(tech)}`,
    features: [
      'Kangaroo pocket with a hidden zippered phone pocket',
      'Three-panel hood that stays put in the wind',
      'Ribbed cuffs with thumb loops',
      'Longer drop tail at the back',
      'Flatlock seams',
    ],
    material: () => 'fleece',
  },
  'zip-hoody': {
    whats: ['a full-zip fleece hoody', 'a zip-front midlayer', 'a versatile zip hoody'],
    does: [
      'It zips open on the walk in and closes to the chin when you sit down to wait.',
      'It comes off and goes back on without taking off your hat or your pack.',
      'It is a midlayer on cold mornings and the only layer on a mild afternoon.',
    ],
    build: (tech) =>
      `${
        tech.has('Polartec') ? 'Polartec Power Grid fleece' : 'A grid-back polyester fleece'
      } keeps it warm for its weight and lets it slide easily under a shell.${polygiene(tech)}`,
    features: [
      'Two-way front zipper with a chin guard',
      'Zippered hand pockets that clear a hip belt',
      'Fitted, low-volume hood',
      'Stretch cuffs and hem',
      'Zippered sleeve pocket for a license',
    ],
    material: () => 'fleece',
  },
  'baselayer-top': {
    whats: ['a merino wool baselayer top', 'a next-to-skin merino layer', 'a merino top for every season'],
    does: [
      'It moves sweat off your skin on the climb and stays warm when it is damp at the top.',
      'It is comfortable next to skin for a week in the backcountry without holding odor.',
      'It is the layer everything else is built on, from the first hunt to the last.',
    ],
    build: (tech) =>
      `It is knit from ${
        tech.has('Polygiene')
          ? 'a 150 g/m² merino wool and nylon jersey, treated with Polygiene odor control'
          : 'a 190 g/m² merino wool jersey with a nylon core for strength'
      }.`,
    features: [
      'Flatlock seams that do not chafe under a pack',
      'Raglan sleeves, so no seam sits on your shoulders',
      'Dropped tail that stays tucked',
      'Thumb loops',
      'Slim fit that layers cleanly',
    ],
    material: () => 'merino',
  },
  'baselayer-bottom': {
    whats: [
      'a merino wool baselayer bottom',
      'a next-to-skin merino legging',
      'a merino bottom for cold sits',
    ],
    does: [
      'It keeps you warm on a long sit and dries quickly once you move again.',
      'It stays comfortable for days on end and does not hold odor.',
      'It layers under any pant without bunching at the knees or riding up at the boot.',
    ],
    build: (tech) =>
      `It is knit from ${
        tech.has('Polygiene')
          ? 'a 190 g/m² merino wool jersey treated with Polygiene odor control'
          : 'a 250 g/m² midweight merino wool with a nylon core for strength'
      }.`,
    features: [
      'Flatlock seams',
      'Wide, soft waistband that sits flat under a belt',
      'Gusseted crotch',
      'Ankle cuffs that tuck under socks',
      'Fly for convenience',
    ],
    material: () => 'merino',
  },
  'insulated-glove': {
    whats: ['an insulated glove', 'a warm, waterproof glove', 'a late-season glove'],
    does: [
      'It keeps your hands warm through a long sit, with enough feel to run a call or slide a safety.',
      'It is made for the late season, when your hands are the first thing to feel the cold.',
      'It goes on at the truck in the dark and stays on until the walk out.',
    ],
    build: (tech) =>
      `${tech.has('PrimaLoft') ? 'PrimaLoft Gold insulation' : 'Synthetic insulation, 150 g on the back of the hand,'} sits under a nylon shell${
        tech.has('Gore-Tex') ? ' with a GORE-TEX insert' : ''
      }, with a goat-leather palm for grip.`,
    features: [
      'Gauntlet cuff that closes over a sleeve',
      'Goat-leather palm and fingers',
      'Touchscreen-compatible thumb and index finger',
      'Wrist leash, so you can drop it and shoot',
      'Nose wipe on the thumb',
    ],
    material: () => 'glove',
  },
  'light-glove': {
    whats: ['a lightweight glove', 'a thin shooting glove', 'an early-season glove'],
    does: [
      'It gives you the feel to work a trigger or a release and still keeps the wind off.',
      'It is light enough to wear all day, from the first climb to the last shot.',
      'It is the glove you wear alone on a cool morning or under a mitt when the cold sets in.',
    ],
    build: (tech) =>
      `${
        tech.has('WindStopper by GORE Labs')
          ? 'A WindStopper by GORE Labs back'
          : tech.has('Polartec')
            ? 'A Polartec Power Stretch back'
            : 'A stretch knit back'
      } meets a thin goat-leather palm.`,
    features: [
      'Touchscreen-compatible fingertips',
      'Thin leather palm for trigger feel',
      'Short cuff that tucks under a sleeve',
      'Pre-curved fingers',
      'Pull loop',
    ],
    material: () => 'glove',
  },
  beanie: {
    whats: ['a rib-knit beanie', 'a fleece-lined beanie', 'a classic cuffed beanie'],
    does: [
      'It keeps your head warm on a cold morning and fits under a hood.',
      'It is the hat that lives in your pack from the first frost to the last hunt.',
      'It is warm and quiet, and easy to stuff in a pocket on the climb.',
    ],
    build: (tech) =>
      `It is a wool and acrylic rib knit${tech.has('Polartec') ? ' with a Polartec fleece band over the ears' : ' with a soft fleece band inside'}.`,
    features: ['Fleece-lined ear band', 'Deep cuff that folds down', 'Woven logo patch', 'Fits under a hood'],
    material: () => 'knit-hat',
  },
  cap: {
    whats: ['a structured cap', 'a six-panel cap', 'a mesh-back trucker cap'],
    does: [
      'It keeps the sun out of your eyes behind the spotting scope and looks right in town.',
      'It is the cap you wear every day of the off-season.',
      'It is light and cool on a warm day, with a bill that shades your eyes.',
    ],
    build: () => 'A cotton twill crown and a pre-curved bill, with mesh at the back to breathe.',
    features: [
      'Adjustable snapback',
      'Pre-curved bill',
      'Mesh back panels',
      'Embroidered logo',
      'Moisture-wicking sweatband',
    ],
    material: () => 'structured-cap',
  },
  'day-pack': {
    whats: ['a day pack', 'a light hunting pack', 'a pack for day hunts'],
    does: [
      'It carries what a day hunt needs: a spare layer, water, a first-aid kit, your optics and a knife.',
      'It is light and quiet for a day in the woods, with room for a layer you shed on the climb.',
      'It rides close to your back, so it does not snag in the brush or swing on a steep sidehill.',
    ],
    build: () =>
      'It is built from a 500-denier nylon with a brushed face that stays quiet in the brush, on a light frame sheet.',
    features: [
      'Padded hip belt with zippered pockets',
      'Hydration sleeve and port',
      'Rifle and bow carry',
      'Stowable rain cover',
      'Compression straps that hold a jacket on the outside',
    ],
    material: () => 'pack',
  },
  'multi-day-pack': {
    whats: ['a multi-day pack', 'a frame pack for hauling', 'a backcountry pack'],
    does: [
      'It carries a spike camp on the way in and a quarter of an elk on the way out.',
      'Its frame carries heavy loads on your hips, not your shoulders, mile after mile.',
      'It is the pack for a week in the backcountry, far from the trailhead.',
    ],
    build: () =>
      'A 500-denier nylon bag with a brushed face, on a carbon-fiber frame rated to carry 100 pounds.',
    features: [
      'Adjustable load lifters',
      'Meat shelf between the frame and the bag',
      'Side zippers to reach the main compartment',
      'Stowable rain cover',
      'Removable lid that becomes a hip pack',
    ],
    material: () => 'pack',
  },
  'leg-gaiter': {
    whats: ['a waterproof leg gaiter', 'a knee-high gaiter', 'a gaiter for wet country'],
    does: [
      'It keeps snow, mud and morning dew out of your boots.',
      'It keeps your pants dry through tall, wet grass and snow to the knee.',
      'It stops the scree and the seeds that find their way into every boot.',
    ],
    build: (tech) =>
      `${tech.has('Gore-Tex') ? 'A GORE-TEX' : 'A waterproof, breathable'} membrane upper meets a 1000-denier nylon lower that takes on crampons and rock.`,
    features: [
      'Front closure with a hook-and-loop flap',
      'Replaceable instep strap',
      'Boot lace hook',
      'Top drawcord with a cord lock',
    ],
    material: () => 'membrane',
  },
  'neck-gaiter': {
    whats: ['a neck gaiter', 'a stretch face covering', 'a light face mask'],
    does: [
      'It keeps the sun and wind off your neck and face, and pulls up to hide your face when game is close.',
      'It is light enough for a September day and warm enough for a frosty morning.',
      'It is worn as a gaiter, a headband or a mask, as the day asks.',
    ],
    build: (tech) =>
      `It is knit from a stretch polyester jersey that breathes and dries quickly.${polygiene(tech)}`,
    features: ['Seamless tube', 'Breathable mesh over the mouth', 'UPF 50 sun protection', 'Fits over a cap'],
    material: () => 'poly-knit',
  },
  wader: {
    whats: [
      'a breathable chest wader',
      'a waterproof wader for the marsh',
      'a wader for cold water',
      'a four-layer hunting wader',
    ],
    does: [
      'It keeps you dry setting decoys in the marsh and standing in flooded timber.',
      'It is built for cold, wet mornings in the duck blind and the long walk out with a full strap.',
      'It holds up to a full season of breaking ice and kneeling in the mud.',
      'It breathes on the slog through knee-deep muck, so you are not wet from the inside by the time you reach the hole.',
      'It is cut roomy enough to layer insulation under on a January morning.',
    ],
    build: (tech, name) => {
      const membrane = `${tech.has('Gore-Tex') ? 'A four-layer GORE-TEX' : 'A four-layer waterproof, breathable'} membrane`;
      if (/Bootfoot/.test(name))
        return `${membrane} upper is sealed to rubber boots with 1,200 g of insulation, so there are no laces to freeze.`;
      if (/Zip/.test(name))
        return `${membrane} upper has a waterproof front zipper for easy on and off, with 5 mm neoprene booties.`;
      return `${membrane} upper is sealed to 5 mm neoprene booties that fit inside your wading boots.`;
    },
    features: [
      'Reinforced knees and shins',
      'Fleece-lined hand-warmer pocket',
      'Gravel guards with boot hooks',
      'Wading belt',
      'Flip-out pocket with a waterproof zipper',
    ],
    material: () => 'wader',
  },
  boot: {
    whats: ['a mountain hunting boot', 'a waterproof leather boot', 'a boot for rough country'],
    does: [
      'It carries you and a heavy pack over steep, rocky ground, with a stiff sole that edges on a sidehill.',
      'It is comfortable from the first mile, with no long break-in.',
      'It is the boot for long days on your feet, from the timber to the scree.',
    ],
    build: (tech, name) =>
      `A full-grain leather upper${tech.has('Gore-Tex') ? ' with a GORE-TEX lining' : ' with a waterproof lining'}${
        tech.has('PrimaLoft')
          ? ' and 400 g PrimaLoft insulation'
          : /insulated/i.test(name)
            ? ' and 400 g synthetic insulation'
            : ''
      } sits on a rubber sole with deep lugs.`,
    features: [
      'Rubber rand that protects the toe and sides',
      'Nylon midsole for stiffness under a load',
      'Lace-to-toe closure',
      'Removable, molded insole',
      'Lugged rubber outsole',
    ],
    material: () => 'boot',
  },
};

/** Products that differ from their style by what they are (accessories, a hip pack, a mitt): copy per noun. */
const NOUN_COPY: Record<string, Copy> = {
  'Hip Pack': {
    whats: ['a hip pack', 'a lumbar pack for short hunts'],
    does: [
      'It carries calls, a knife, a headlamp and a spare layer on your hips, leaving your back free to breathe.',
      'It is the pack for a morning sit or an evening in the turkey woods, when a full pack is too much.',
    ],
    build: () => 'It is made from a 500-denier nylon with a brushed face, on a padded, ventilated belt.',
    features: [
      'Padded, ventilated hip belt',
      'Water bottle holsters on both sides',
      'Compression straps for a jacket',
      'Zippered belt pockets',
      'Optional shoulder strap',
    ],
    material: () => 'pack',
  },
  Mitt: {
    whats: ['an insulated mitt', 'a warm, waterproof mitt', 'a late-season mitt'],
    does: [
      'Your fingers share their warmth in a mitt, so it is the warmest thing you can wear on a frozen stand.',
      'It pulls off in a second when the shot comes, and hangs from its leash while you shoot.',
      'It is for the coldest days, when a glove is not enough.',
    ],
    build: (tech) =>
      `${tech.has('PrimaLoft') ? 'PrimaLoft Gold insulation' : 'Synthetic insulation, 200 g,'} sits under a nylon shell${
        tech.has('Gore-Tex') ? ' with a GORE-TEX insert' : ''
      }, with a goat-leather palm.`,
    features: [
      'Long gauntlet cuff',
      'Goat-leather palm',
      'Wrist leash',
      'Pocket for a chemical hand warmer',
      'Removable fleece liner',
    ],
    material: () => 'glove',
  },
  Belt: {
    whats: ['a stretch hunting belt', 'a low-profile field belt'],
    does: [
      'It holds a pant up under a pack hip belt without a buckle digging into your hip.',
      'It stays flat and quiet under a hip belt and a harness all day.',
    ],
    build: () => 'Stretch nylon webbing with a low-profile aluminum buckle that will not rust.',
    features: [
      'Stretch webbing that moves with you',
      'Low-profile buckle',
      'Trims to length',
      'Quiet, metal-on-metal free',
    ],
    material: () => 'webbing',
  },
  'Game Bag': {
    whats: ['a set of game bags', 'a set of breathable meat bags'],
    does: [
      'Four bags sized for the quarters of an elk keep meat clean and cool on the pack out.',
      'They let air reach the meat and keep flies and dirt off it from the kill to the cooler.',
    ],
    build: () =>
      'A tough, breathable polyester mesh with drawcord closures and a stuff sack that weighs 9 ounces.',
    features: [
      'Four quarter bags and one trim bag',
      'Drawcord closures',
      'Stuff sack included',
      'Reusable season after season',
    ],
    material: () => 'mesh',
  },
  'Bino Harness': {
    whats: ['a binocular harness', 'a chest harness for your binoculars'],
    does: [
      'It holds your binoculars on your chest, ready to glass, and keeps dust and rain off the lenses.',
      'It keeps the optics where your hands find them without a sound.',
    ],
    build: () =>
      'A nylon body with a magnetic lid that opens and closes silently, on a stretch webbing harness.',
    features: [
      'Silent magnetic lid',
      'Side pockets for a rangefinder and calls',
      'Adjustable stretch harness',
      'Fits most 8× and 10× binoculars',
    ],
    material: () => 'webbing',
  },
  'Hand Muff': {
    whats: ['an insulated hand muff', 'a waist-worn hand warmer'],
    does: [
      'Worn at the waist, it keeps your hands warm on a long sit and free when the shot comes.',
      'It is warm enough to hunt in thin gloves through the coldest hour of the morning.',
    ],
    build: () =>
      'Synthetic insulation inside a quiet brushed shell, with a fleece lining and a pocket for a heat pack.',
    features: [
      'Pocket for a chemical hand warmer',
      'Adjustable waist belt',
      'Fleece-lined opening',
      'Quiet brushed shell',
    ],
    material: () => 'synthetic-fill',
  },
  'Rangefinder Pouch': {
    whats: ['a rangefinder pouch', 'a small pouch for your rangefinder'],
    does: [
      'It keeps the rangefinder at your chest or on your belt, ready to range a target.',
      'It keeps the rangefinder out of the rain and at hand.',
    ],
    build: () => 'A nylon body with a silent magnetic lid, a soft lining and a tether.',
    features: [
      'Silent magnetic lid',
      'Soft lining that protects the lens',
      'Tether',
      'Fits a bino harness or a belt',
    ],
    material: () => 'webbing',
  },
};

/** Where a pursuit takes a product, each a phrase that follows a verb ("It earns its place …"). */
const PURSUIT_PLACES: Record<Pursuit, readonly string[]> = {
  elk: ['in September elk timber', 'on the climb toward a bugling bull'],
  whitetail: ['on a long sit in a treestand', 'through the November whitetail rut'],
  waterfowl: ['in a cold, wet duck blind', 'out on the marsh before legal light'],
  upland: ['behind a bird dog in the upland fields', 'on a long day walking up pheasants'],
  turkey: ['on spring turkey hunts', 'against an oak waiting on a gobbler'],
  'mule-deer': ['glassing open sage country for mule deer', 'on a high-desert mule deer hunt'],
  'sheep-and-goat': ['in steep sheep and goat country', 'above the tree line on a sheep hunt'],
};

const EVERYDAY_USES: readonly string[] = [
  'It is as much at home on the drive to camp as in town the week after.',
  'Wear it on the hunt, and on every day of the off-season too.',
  'It goes from the field to the tailgate and back without a change.',
];

const USE_TEMPLATES: readonly ((places: string) => string)[] = [
  (places) => `It earns its place ${places}.`,
  (places) => `We field-tested it ${places}.`,
  (places) => `It is at its best ${places}.`,
  (places) => `Our staff reach for it ${places}.`,
];

const LEAD_TEMPLATES: readonly ((name: string, what: string, does: string) => string)[] = [
  (name, what, does) => `The ${name} is ${what}. ${does}`,
  (name, what, does) => `${capitalize(what)}: the ${name}. ${does}`,
  (name, what, does) => `${does} That is the job of the ${name}, ${what}.`,
  (name, what, does) => `Meet the ${name}, ${what}. ${does}`,
];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function joinPlaces(places: readonly string[]): string {
  if (places.length <= 1) return places.join('');
  return `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
}

/** The copy of a product's style, or of the noun that ends its name (NOUN_COPY). */
function copyFor(plan: Pick<ProductPlan, 'name' | 'style'>): Copy {
  const noun = Object.keys(NOUN_COPY).find((key) => plan.name.endsWith(key));
  if (noun) return NOUN_COPY[noun] as Copy;
  const copy = STYLE_COPY[plan.style.id];
  if (!copy) throw new Error(`No product copy for style ${plan.style.id}`);
  return copy;
}

/** What the product is made of (decides its care). */
export function productMaterial(plan: Pick<ProductPlan, 'name' | 'style'>): Material {
  return copyFor(plan).material(plan.name);
}

const APPAREL_TYPES = new Set(['jacket', 'vest', 'shirt', 'hoody', 'baselayer']);
const BOTTOM_TYPES = new Set(['pant', 'bib']);

/**
 * The description of a product: lead paragraph, features and care, separated by blank lines.
 * `technologies` are the product's technology badges (its custom field), so the copy never names one it lacks.
 */
export function describeProduct(
  plan: Pick<ProductPlan, 'name' | 'style' | 'type' | 'gender' | 'pursuits'>,
  technologies: readonly string[],
  random: Random,
): string {
  const copy = copyFor(plan);
  const tech: Tech = {
    has: (badge) => technologies.includes(badge),
    name: technologies.join(', '),
  };
  const lead = random.pick(LEAD_TEMPLATES)(plan.name, random.pick(copy.whats), random.pick(copy.does));
  const fit = APPAREL_TYPES.has(plan.type)
    ? APPAREL_FIT[plan.gender]
    : BOTTOM_TYPES.has(plan.type)
      ? BOTTOM_FIT[plan.gender]
      : (copy.fit?.[plan.gender] ?? GEAR_FIT[plan.type]?.[plan.gender]);
  const places = random
    .sample(plan.pursuits, Math.min(2, plan.pursuits.length))
    .map((pursuit) => random.pick(PURSUIT_PLACES[pursuit]));
  const use = places.length > 0 ? random.pick(USE_TEMPLATES)(joinPlaces(places)) : random.pick(EVERYDAY_USES);
  const intro = [lead, copy.build(tech, plan.name), fit, use].filter(Boolean).join(' ');
  const features = random.sample(copy.features, Math.min(copy.features.length, random.int(4, 5)));
  const care = random.pick(CARE[copy.material(plan.name)]);
  return [intro, ['Features', ...features.map((feature) => `- ${feature}`)].join('\n'), `Care\n${care}`].join(
    '\n\n',
  );
}
