/**
 * Category intros and meta descriptions (issue 24 §12): what a shopper finds in each category, said specifically,
 * naming the category (the SEO test holds every one to that) and unique across the tree. A category under a
 * department (Mens, Womens, Youth) says whom it is cut for; a `/all/` listing names what it gathers.
 */

type Department = 'Mens' | 'Womens' | 'Youth';

/** By name; a name that means something else under another parent or department is keyed `Parent/Name`. */
const INTROS: Record<string, string> = {
  '3rd Party':
    '3rd Party gear we carry from makers we trust: optics harnesses, knives and camp kit that work with our clothing.',
  Bottoms:
    'Bottoms for every part of the hunt: stretch field pants for the climb, rain pants for the storm and insulated bibs for the sit.',
  'Youth/Pants':
    'Pants for young hunters: stretch field pants, rain pants and insulated pants with adjustable waists.',
  Pants:
    'Pants built for the field: stretch softshells for miles of timber, waterproof rain pants and insulated pants for the stand.',
  Bibs: 'Bibs for the cold and the wet: a high back that blocks the wind, full side zips and suspenders that stay put under a pack.',
  Bundles:
    'Bundles of pieces that work together, a jacket with its pant or a full layering kit, priced for less than the parts.',
  Collection:
    'Each Collection is a system of layers designed for one kind of hunt, from alpine sheep country to flooded timber.',
  'Core Collection':
    'The Core Collection: merino baselayers, midlayers and shells that work in every season and every pattern.',
  'Mountain Collection':
    'The Mountain Collection is light and packable for long climbs and steep country, where every ounce is carried.',
  'Whitetail Collection':
    'The Whitetail Collection is quiet and warm for long sits in a treestand, with fabrics that make no sound at full draw.',
  'Waterfowl Collection':
    'The Waterfowl Collection is waterproof to the seams, for cold water, wind across the marsh and mornings in the blind.',
  'Stormfront Collection':
    'The Stormfront Collection is our most weatherproof gear: GORE-TEX shells and bibs for days when the storm settles in.',
  Deals: 'Deals on last season’s colors and sizes, and on pieces we are making room for, while they last.',
  Everyday:
    'Everyday clothing from a hunting brand: soft tees, hoodies and jackets for camp, the truck and the off-season.',
  Featured: 'Featured: the pieces our team is wearing this season, chosen from every collection.',
  Footwear:
    'Footwear for rough country: leather boots with waterproof linings, and gaiters that keep snow and scree out.',
  Boots:
    'Boots with full-grain leather uppers, waterproof linings and lugged soles, insulated for the stand or light for the climb.',
  'Footwear/Gaiters':
    'Gaiters that turn snow, dew and scree away from your boots, with waterproof uppers and tough lowers.',
  Gear: 'Gear for the hunt: packs that haul, gloves and hats, gaiters, waders and the small kit you reach for every day.',
  Packs:
    'Packs for every length of hunt, from a hip pack for a morning sit to a frame pack that hauls meat out.',
  'Day Packs':
    'Day Packs with quiet, brushed fabrics, hydration sleeves and rifle and bow carry for a day in the field.',
  'Multi-Day Packs':
    'Multi-Day Packs on load-carrying frames, with meat shelves and room for a spike camp in the backcountry.',
  Gloves:
    'Gloves from thin shooting gloves with leather palms to insulated gauntlets and mitts for the coldest sits.',
  Hats: 'Hats for every season: rib-knit beanies with fleece bands, and caps with mesh backs for warm days.',
  'Gear/Hats':
    'Hats from our gear shop: beanies that fit under a hood and caps that shade your eyes behind the glass.',
  Gaiters:
    'Gaiters for legs and necks: waterproof leg gaiters for snow and dew, and stretch neck gaiters for sun and wind.',
  Waders:
    'Waders with breathable, waterproof uppers and neoprene booties, for the marsh, the river and flooded timber.',
  'Mens/Accessories':
    'Accessories to finish a layering system: gloves, beanies and caps, and neck and leg gaiters.',
  'Womens/Accessories':
    'Accessories to finish a layering system: gloves, beanies and caps, and neck and leg gaiters.',
  'Youth/Accessories': 'Accessories for young hunters: gloves that fit smaller hands and warm beanies.',
  Accessories:
    'Accessories that earn their place: binocular harnesses, rangefinder pouches, game bags, belts and hand muffs.',
  'Gear Guide': 'Gear Guide picks: the pieces we recommend first, explained by the people who hunt in them.',
  'Gift Ideas': 'Gift Ideas for the hunter in your life, sorted by budget and by who they are for.',
  'Gifts Under $100': 'Gifts Under $100: beanies, gloves, baselayers and the small kit every hunter uses.',
  'Gifts Under $250': 'Gifts Under $250: fleece, softshells, packs and boots that make a season better.',
  'Gifts for Him':
    'Gifts for Him: our best-rated and featured men’s pieces, from merino layers to rain shells.',
  'Gifts for Her':
    'Gifts for Her: our best-rated and featured women’s pieces, patterned for women from the start.',
  'Stocking Stuffers':
    'Stocking Stuffers: neck gaiters, beanies, caps and light gloves that fit in a stocking.',
  Jackets:
    'Jackets for every kind of weather: waterproof rain shells, down and synthetic insulation, softshells and vests.',
  'Rain Jackets':
    'Rain jackets with waterproof, breathable membranes and taped seams, light enough to carry every day.',
  'Insulated Jackets':
    'Insulated jackets in down or synthetic fill, for long cold sits and stops on the ridge to glass.',
  'Down Jackets':
    'Down jackets in 850-fill goose down: the most warmth for their weight, packed down to a water bottle.',
  'Synthetic Jackets':
    'Synthetic jackets that keep their warmth in wet snow, sleet and the damp of a duck blind.',
  'Softshell Jackets':
    'Softshell jackets that stretch, breathe and turn wind and a passing shower, all day on the move.',
  Vests:
    'Vests that keep your core warm and leave your arms free to draw, in down, synthetic fill and grid fleece.',
  'Youth/Jackets':
    'Jackets for young hunters: rain shells, softshells and insulated jackets in the fabrics of the adult line.',
  'Jackets and Vests':
    'Jackets and vests for the whole system: rain shells, down and synthetic insulation, softshells and vests.',
  Mens: 'Mens hunting clothing and gear, built as a layering system: merino next to skin, insulation for the sit and shells for the weather.',
  Womens:
    'Womens hunting clothing and gear, patterned on a woman’s frame rather than scaled down from the men’s, in every layer.',
  Youth:
    'Youth hunting clothing for the next generation, made of the same fabrics as the adult gear and sized to grow.',
  'New Arrivals': 'New Arrivals: the pieces and colors added this season, first to every department.',
  'New Arrivals/Gear': 'New gear this season: packs, gloves, hats and kit that just arrived.',
  'New Arrivals/Mens': 'New mens pieces this season, from baselayers to shells.',
  'New Arrivals/Womens': 'New womens pieces this season, from baselayers to shells.',
  'New Arrivals/Youth': 'New youth pieces this season, sized for young hunters.',
  'Online Exclusive': 'Online Exclusive colors and pieces you will find only here, not in our stores.',
  Partners: 'Partners gear made with the organizations and makers we work with on habitat and hunting.',
  Pattern:
    'Shop by Pattern: our camouflage patterns, each designed for a kind of country, and solid colors for the off-season.',
  'Optifade Subalpine':
    'Optifade Subalpine breaks up your outline in open timber and rock above 8,000 feet, from elk to sheep country.',
  'Optifade Elevated II':
    'Optifade Elevated II is designed for treestands and blinds, where the game looks up at you through branches.',
  'Optifade Open Country':
    'Optifade Open Country hides you at long range in sage, grass and broken rimrock, where mule deer and antelope live.',
  'Optifade Waterfowl Marsh':
    'Optifade Waterfowl Marsh matches cattails, reeds and flooded grass, for waterfowl hunters out in the open.',
  'Optifade Timber':
    'Optifade Timber is designed for flooded hardwoods and dark timber, from green-timber ducks to November whitetails.',
  'Sitka Black': 'Sitka Black: our solid black pieces, for camp, town and predator hunts at night.',
  'Pre-Season Savings': 'Pre-Season Savings on late-season layers, priced to buy before the cold arrives.',
  Pursuit: 'Shop by Pursuit: the layers and gear we build for each kind of hunt, from elk to upland birds.',
  Elk: 'Elk gear that breathes on steep climbs and stays warm in the wind, from September bugles to late-season snow.',
  Whitetail:
    'Whitetail gear that is quiet, warm and scent-conscious for long sits in a treestand through the rut.',
  Waterfowl:
    'Waterfowl gear that is waterproof, warm and built for cold water, wind and mornings in the blind.',
  Upland: 'Upland gear with tough brush-resistant fabrics and game bags, for miles behind a bird dog.',
  Turkey:
    'Turkey gear that is light and quiet, with patterns for the spring woods and room to sit against an oak.',
  'Mule Deer':
    'Mule Deer gear for open country: layers for long glassing sessions and miles of sage and rimrock.',
  'Sheep & Goat':
    'Sheep & Goat gear for the steepest country: the lightest layers and packs we make, above the tree line.',
  Retail: 'Retail: pieces you can also find and try on in our stores and at our retail partners.',
  Sale: 'Sale: past-season colors and sizes, marked down while stock lasts.',
  'Big Game Sale':
    'Big Game Sale: layers and packs for elk, deer and sheep season, marked down before opening day.',
  'Black Friday Deals': 'Black Friday Deals on jackets, layers and gear for the rest of the season.',
  'Cyber Monday Deals': 'Cyber Monday Deals online only: markdowns on layers and gear.',
  'Sale/Gear': 'Gear on sale: packs, gloves, hats and accessories, marked down while they last.',
  'Sale/Mens': 'Mens pieces on sale, from baselayers to insulated jackets, while sizes last.',
  'Summer Sale': 'Summer Sale: warm-weather layers and off-season markdowns.',
  'Sale/Womens': 'Womens pieces on sale, from baselayers to insulated jackets, while sizes last.',
  'Sale/Youth': 'Youth pieces on sale, sized for young hunters, while sizes last.',
  Season: 'Shop by Season: what to wear from the first warm hunts of August to the coldest days of December.',
  'Early Season':
    'Early Season layers that breathe, dry fast and keep bugs off, for warm days in August and September.',
  'Mid Season': 'Mid Season layers for frosty mornings and warm afternoons in October, easy to add and shed.',
  'Late Season':
    'Late Season insulation and shells for snow, wind and single-digit sits in November and December.',
  Tops: 'Tops for every layer: field shirts that dry fast, fleece hoodies and everyday tees.',
  'Shirts and Tops':
    'Shirts and tops: field shirts, hoodies and merino baselayers, the layers closest to you.',
  Shirts: 'Shirts that move sweat and dry fast, from field shirts with sun protection to soft everyday tees.',
  Hoodies:
    'Hoodies in brushed and grid fleece, pullover and full zip, for camp mornings and cool afternoons.',
  Baselayers: 'Baselayers in merino wool that regulate heat on the climb and resist odor for days.',
  'Shirts and Tops/Baselayers':
    'Baselayers for your top half: merino wool crews and zip-necks, from lightweight to midweight.',
  Temperature: 'Shop by Temperature: the right warmth for the forecast, from warm weather to extreme cold.',
  'Warm Weather': 'Warm Weather layers: light, breathable and quick-drying for hunts in the heat.',
  'Cool Weather': 'Cool Weather layers for mornings in the 40s, with breathable fleece and softshells.',
  'Cold Weather': 'Cold Weather insulation and shells for days below freezing.',
  'Extreme Cold':
    'Extreme Cold insulation: our warmest down, synthetic fill and bibs for single digits and below.',
  'Top Rated': 'Top Rated: the pieces our customers score highest.',
  Trending: 'Trending: what hunters are buying most this week.',
  'Hunt Solids':
    'Hunt Solids: our technical hunting layers in solid earth tones, for hunts where camo is not needed.',
  Logowear: 'Logowear: tees, caps and hoodies that carry the Cairn mark.',
  'Rain Pants': 'Rain pants with waterproof membranes, taped seams and side zips that clear boots.',
  'Insulated Pants': 'Insulated pants in down or synthetic fill, to pull on over baselayers at the stand.',
  'Softshell Pants': 'Softshell pants that stretch, breathe and shed a shower, for miles of rough country.',
};

/** What a department adds to the intros of the categories under it. */
const DEPARTMENT_FIT: Record<Department, string> = {
  Mens: 'Shown here in men’s sizes.',
  Womens: 'Shown here in women’s sizes, patterned for women.',
  Youth: 'Shown here in youth sizes, with room to grow.',
};

const DEPARTMENTS: readonly string[] = ['Mens', 'Womens', 'Youth'];

/**
 * The intro of a category named `name` whose ancestors (top first) are `path`.
 * Under a department, its fit is added (and the intro says whom it is for).
 */
export function categoryIntro(name: string, path: readonly string[]): string {
  const keys = [path[path.length - 1], path[0]].flatMap((ancestor) =>
    ancestor ? [`${ancestor}/${name}`] : [],
  );
  const intro = [...keys, name].map((key) => INTROS[key]).find((text) => text !== undefined);
  if (intro === undefined) throw new Error(`No intro for category ${[...path, name].join(' / ')}`);
  const department = path[0];
  if (department === undefined || !DEPARTMENTS.includes(department)) return intro;
  return `${intro} ${DEPARTMENT_FIT[department as Department]}`;
}

/** The intro of a branch's `/all/` listing: whom it is for and what it gathers. */
export function allListingIntro(name: string, path: readonly string[], children: readonly string[]): string {
  const department = path[0] ?? (DEPARTMENTS.includes(name) ? name : undefined);
  const audience =
    department === 'Mens'
      ? ' for men'
      : department === 'Womens'
        ? ' for women'
        : department === 'Youth'
          ? ' for youth'
          : '';
  const what = name === department ? `${name} clothing and gear` : `${name}${audience}`;
  const joined =
    children.length > 1
      ? `${children.slice(0, -1).join(', ')} and ${children[children.length - 1]}`
      : children.join('');
  return `${what}, all on one page: ${joined}.`;
}
