/**
 * The drawings of the seed's product art: one per art kind (a product type's silhouettes: a cap and a beanie are
 * both hats), in a 400×500 box. Most garments and packs are symmetric: their outline is written as its right half
 * (top middle, clockwise, to the bottom middle) and mirrored; details that come in pairs (pockets, straps, cuffs)
 * are written once and mirrored with `pair`. Paths use absolute commands only (M, L, Q, H, V, Z), so mirroring is
 * x → 400 − x.
 */
import type { ProductType } from './product-types';

export const ART_KINDS = [
  'jacket',
  'hooded-jacket',
  'vest',
  'pant',
  'bib',
  'shirt',
  'tee',
  'hoody',
  'zip-hoody',
  'baselayer-top',
  'baselayer-bottom',
  'glove',
  'mitt',
  'beanie',
  'cap',
  'pack',
  'leg-gaiter',
  'neck-gaiter',
  'wader',
  'boot',
  'belt',
  'game-bag',
  'bino-harness',
  'hand-muff',
  'pouch',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export type Drawing = {
  /** What the drawing shows, for the image's title ("Beanie in Lead, front view"). */
  label: string;
  /** The product type whose palette the kind is drawn in. */
  type: ProductType;
  /** Outline, filled with the colour. */
  body: string;
  /** Parts in the outline's darker shade: soles, openings, straps. */
  shade?: string;
  /** Seams, zips, pockets of the front. */
  front: string;
  /** Seams of the back; without them, the back view is the whole drawing mirrored (the other side). */
  back?: string;
  /** Shaded parts seen from the back (straps, cuffs; not a hood's opening). */
  backShade?: string;
  /** The detail view's crop (viewBox, 4:5 like the whole box). */
  detail?: string;
};

const NUMBER = /-?\d+(?:\.\d+)?/g;

/** A path of absolute M/L/Q/H/V/Z commands mirrored about the middle (x → 400 − x). */
export function mirror(path: string): string {
  return path.replace(/([MLQHVZ])([^MLQHVZ]*)/g, (_, command: string, args: string) => {
    const numbers = (args.match(NUMBER) ?? []).map(Number);
    const mirrored = numbers.map((value, index) =>
      command === 'V' || (command !== 'H' && index % 2 === 1) ? value : 400 - value,
    );
    return command + mirrored.join(' ');
  });
}

/** A detail path and its mirror image (a pair of pockets from one pocket). */
export function pair(path: string): string {
  return path + mirror(path);
}

type Segment = { control?: [number, number]; to: [number, number] };

/**
 * A closed outline from its right half: `M200 y …` from the top middle, clockwise, to the bottom middle
 * (L and Q only). The left half is the same segments mirrored, in reverse.
 */
export function symmetric(half: string): string {
  const commands = [...half.matchAll(/([MLQ])([^MLQ]*)/g)].map(([, command, args]) => ({
    command,
    numbers: (args?.match(NUMBER) ?? []).map(Number),
  }));
  const [move, ...rest] = commands;
  if (!move || move.command !== 'M') throw new Error('a half outline starts with M');
  const start: [number, number] = [move.numbers[0] ?? 200, move.numbers[1] ?? 0];
  const segments: Segment[] = rest.map(({ command, numbers }) =>
    command === 'Q'
      ? { control: [numbers[0]!, numbers[1]!], to: [numbers[2]!, numbers[3]!] }
      : { to: [numbers[0]!, numbers[1]!] },
  );
  const points = [start, ...segments.map((segment) => segment.to)];
  const back = segments
    .map((segment, index) => {
      const [x, y] = points[index]!;
      return segment.control
        ? `Q${400 - segment.control[0]} ${segment.control[1]} ${400 - x} ${y}`
        : `L${400 - x} ${y}`;
    })
    .reverse()
    .join('');
  return `${half.replace(/\s*$/, '')}${back}Z`;
}

const YOKE = 'M104 150Q200 178 296 150';
const HOOD_BACK = 'M150 86Q200 112 250 86';

/** Straps or thin parts as filled quadrilaterals. */
const strap = (points: string) => `M${points}Z`;

export const DRAWINGS: Record<ArtKind, Drawing> = {
  jacket: {
    label: 'Jacket',
    type: 'jacket',
    body: symmetric('M200 50L236 46L246 72L300 92Q330 100 336 130L362 335L322 343L300 182L300 472L200 472'),
    shade: pair('M324 322L360 316L362 335L322 343Z'),
    front: `M200 60V472M164 46L200 74L236 46M101 452H299${pair('M222 140L250 200M262 300L282 372')}`,
    back: `${YOKE}M101 452H299`,
    backShade: pair('M324 322L360 316L362 335L322 343Z'),
  },
  'hooded-jacket': {
    label: 'Hooded jacket',
    type: 'jacket',
    body: symmetric('M200 16Q262 18 268 74L300 92Q330 100 336 130L362 335L322 343L300 182L300 472L200 472'),
    shade: `M200 40Q240 42 244 90L232 112Q200 124 168 112L156 90Q160 42 200 40Z${pair('M324 322L360 316L362 335L322 343Z')}`,
    front: `M200 124V472M101 452H299${pair('M222 150L250 210M262 300L282 372M244 90L254 160')}`,
    back: `${HOOD_BACK}M200 20V120M101 452H299`,
    backShade: pair('M324 322L360 316L362 335L322 343Z'),
  },
  vest: {
    label: 'Vest',
    type: 'vest',
    body: symmetric('M200 56L236 50L248 74L290 88Q282 160 310 190L310 470L200 470'),
    front: `M200 64V470M164 50L200 78L236 50${pair('M200 150H296M200 230H308M200 310H308M200 390H308M248 330L270 400')}`,
    back: `${YOKE.replace('104', '96').replace('296', '304')}${pair('M92 230H308M92 310H308M92 390H308')}`,
  },
  pant: {
    label: 'Pant',
    type: 'pant',
    body: symmetric('M200 46L298 46L308 150L320 470L222 470L206 178L200 172'),
    front: `M102 72H298M200 72Q210 130 200 172${pair('M232 72Q246 112 296 104M266 236H310L312 306H270ZM266 250H311M222 452H318')}`,
    back: `M102 72H298M200 72V172${pair('M224 104H278L276 146H226Z')}`,
  },
  bib: {
    label: 'Bib',
    type: 'bib',
    body: symmetric('M200 86L252 86L252 168L300 178L308 252L320 472L222 472L206 272L200 266'),
    shade: pair(strap('238 88 262 20 278 26 252 92')),
    front: `M174 104H226V146H174ZM200 174V266${pair('M266 300H310L312 366H270ZM222 454H318M252 176L262 240')}`,
    back: 'M148 100Q200 112 252 100M200 174V266',
    backShade: pair(strap('238 88 262 20 278 26 252 92')),
  },
  shirt: {
    label: 'Shirt',
    type: 'shirt',
    body: symmetric(
      'M200 64L232 50L252 68L298 88Q324 98 330 126L352 330L318 336L296 178L296 452Q252 480 200 470',
    ),
    front: `M200 82V468M170 50L186 92L200 80L214 92L230 50${pair('M222 130H268V186H222ZM222 144H268M320 312L350 308')}M196 140H204M196 220H204M196 300H204M196 380H204`,
    back: `${YOKE}M200 66V180`,
  },
  tee: {
    label: 'Tee',
    type: 'shirt',
    body: symmetric('M200 74Q226 74 238 58L292 78L352 134L322 184L296 160L296 470L200 470'),
    shade: 'M170 170H230V206H170Z',
    front: `M162 58Q200 96 238 58M170 64Q200 88 230 64${pair('M330 160L312 180M300 452H200')}`,
    back: `M162 58Q200 72 238 58${pair('M300 452H200')}`,
  },
  hoody: {
    label: 'Hoody',
    type: 'hoody',
    body: symmetric('M200 14Q266 16 270 80L300 94Q330 102 336 132L360 332L324 340L298 184L298 470L200 470'),
    shade: `M200 38Q244 40 246 92L232 116Q200 128 168 116L154 92Q156 40 200 38Z${pair('M324 318L358 312L360 332L324 340Z')}`,
    front: `M112 300H288L304 400H96ZM102 446H298${pair('M214 124L218 190')}`,
    back: `${HOOD_BACK}M200 18V124M102 446H298`,
    backShade: pair('M324 318L358 312L360 332L324 340Z'),
    detail: '100 230 200 250',
  },
  'zip-hoody': {
    label: 'Zip hoody',
    type: 'hoody',
    body: symmetric(
      'M200 14Q266 16 270 80L300 94Q330 102 336 132L360 332L324 340L298 184L298 470L206 470L200 462',
    ),
    shade: `M200 38Q244 40 246 92L232 116Q200 128 168 116L154 92Q156 40 200 38Z${pair('M324 318L358 312L360 332L324 340Z')}`,
    front: `M200 128V470M102 446H298${pair('M244 310L262 400M214 124L220 190')}`,
    back: `${HOOD_BACK}M200 18V124M102 446H298`,
    backShade: pair('M324 318L358 312L360 332L324 340Z'),
    detail: '100 230 200 250',
  },
  'baselayer-top': {
    label: 'Base layer top',
    type: 'baselayer',
    body: symmetric('M200 68Q222 68 232 56L280 72Q304 80 310 110L334 336L306 340L286 172L284 470L200 470'),
    front: `M168 56Q200 84 232 56M200 70V150${pair('M230 62L288 176M308 322L332 318')}`,
    back: `M168 56Q200 66 232 56${pair('M230 62L288 176')}`,
  },
  'baselayer-bottom': {
    label: 'Base layer bottom',
    type: 'baselayer',
    body: symmetric('M200 56L288 56L294 150L290 300L284 470L226 470L212 300L204 176L200 172'),
    front: `M112 82H288M200 82Q206 130 200 172${pair('M268 96L260 460M228 452H284')}`,
    back: `M112 82H288M200 82V172${pair('M268 96L260 460')}`,
  },
  glove: {
    label: 'Glove',
    type: 'glove',
    body:
      'M128 470L140 336Q104 320 80 252Q74 228 92 222Q108 220 120 240L146 264L146 112Q146 90 166 90Q186 90 186 112' +
      'L188 190L190 92Q190 70 210 70Q230 70 230 92L232 190L234 108Q234 88 252 88Q270 88 270 108L272 205' +
      'L274 150Q274 132 288 132Q302 132 302 150L302 320L306 336L302 470Z',
    shade: 'M140 336H306L304 372H138Z',
    front: 'M150 232Q222 250 300 230M160 300Q230 314 300 296M200 400L298 392',
  },
  mitt: {
    label: 'Mitt',
    type: 'glove',
    body:
      'M128 470L140 336Q104 320 80 252Q74 228 92 222Q108 220 120 240L146 264L146 146Q150 80 222 78' +
      'Q298 80 302 146L302 320L306 336L302 470Z',
    shade: 'M140 336H306L304 372H138Z',
    front: 'M146 196Q224 224 302 196M200 400L298 392M224 90V196',
    detail: '60 180 200 250',
  },
  beanie: {
    label: 'Beanie',
    type: 'hat',
    body: `${symmetric('M200 104Q294 108 306 260L308 300L314 300L316 384L200 388')}M200 50Q228 50 228 78Q228 106 200 106Q172 106 172 78Q172 50 200 50Z`,
    front: `M86 300H314${pair('M236 314V374M272 312V376M304 310V378M200 110Q240 200 246 300')}M200 110V300M200 314V384`,
    detail: '110 150 180 225',
  },
  cap: {
    label: 'Cap',
    type: 'hat',
    body: 'M78 332Q72 160 212 148Q326 150 334 298Q388 306 398 338Q360 356 300 346L80 342Z',
    shade: 'M334 298Q388 306 398 338Q362 344 330 320ZM204 140H220V152H204Z',
    front: 'M212 150Q196 250 206 338M212 150Q134 230 140 338M234 214L292 208L296 264L238 270ZM80 322H330',
    back: 'M212 150Q196 250 206 338M212 150Q134 230 140 338M80 322H330M96 290Q140 280 150 330',
    detail: '150 150 200 250',
  },
  pack: {
    label: 'Pack',
    type: 'pack',
    body: symmetric('M200 58Q268 58 282 96L292 250L332 296L334 352L296 348L298 440Q290 472 200 470'),
    shade: pair(strap('296 310 334 306 334 334 296 336')),
    front: `M118 132Q200 154 282 132M150 268Q200 258 250 268L256 404Q200 414 144 404ZM186 58Q200 34 214 58${pair('M160 66V140M112 210L150 212M250 212L288 210')}`,
    back: `M200 70V430${pair('M236 90Q290 200 252 390M244 92Q296 200 262 390')}`,
    backShade: pair(strap('296 310 334 306 334 334 296 336')),
  },
  'leg-gaiter': {
    label: 'Gaiter',
    type: 'gaiter',
    body: 'M128 58L272 58L262 320Q330 338 352 400L354 422L140 422L138 330Z',
    shade: 'M140 422H354L350 440H142Z',
    front: 'M130 84H270M262 72L258 322M140 360Q240 350 350 400M200 400L230 422',
    detail: '150 220 200 250',
  },
  'neck-gaiter': {
    label: 'Neck gaiter',
    type: 'gaiter',
    body: symmetric('M200 98Q250 110 292 92Q302 250 292 412Q250 396 200 410'),
    shade: 'M108 92Q150 110 200 98Q250 110 292 92Q250 78 200 86Q150 78 108 92Z',
    front:
      'M110 118Q150 134 200 124Q250 134 290 118M110 388Q150 372 200 384Q250 372 290 388M130 240Q200 260 270 240',
  },
  wader: {
    label: 'Wader',
    type: 'wader',
    body: symmetric(
      'M200 80L252 80L252 168L300 178L308 262L314 404L346 432Q352 472 330 472L222 472L212 404L206 274L200 268',
    ),
    shade: pair(`${strap('238 82 262 18 278 24 252 86')}M216 416L316 408L348 436Q352 472 330 472L222 472Z`),
    front: `M172 100H228V144H172ZM96 200H304M200 210V268${pair('M254 180L262 240')}`,
    back: 'M148 96Q200 108 252 96M96 200H304',
    backShade: pair(
      `${strap('238 82 262 18 278 24 252 86')}M216 416L316 408L348 436Q352 472 330 472L222 472Z`,
    ),
  },
  boot: {
    label: 'Boot',
    type: 'boot',
    body: 'M132 68L250 68L256 248Q262 284 300 298L350 318Q374 330 374 372L374 402L124 402L120 300Z',
    shade: 'M116 402H378L376 438H118ZM124 68H258L258 92H124Z',
    front:
      'M250 96L258 262M224 110L254 116M224 146L255 152M224 182L256 188M226 218L257 226M300 298Q288 344 374 362M124 306Q176 304 184 402M160 402V438M240 402V438M320 402V438',
    detail: '150 60 200 250',
  },
  belt: {
    label: 'Belt',
    type: 'accessory',
    body: 'M40 250Q40 160 200 160Q360 160 360 250Q360 340 200 340Q40 340 40 250ZM84 250Q84 304 200 304Q316 304 316 250Q316 196 200 196Q84 196 84 250Z',
    shade: 'M300 214H356V286H300ZM314 228V272H342V228Z',
    front: 'M300 250H344M70 232V268M90 216V206M252 168V192M220 166V190',
    detail: '220 150 160 200',
  },
  'game-bag': {
    label: 'Game bag',
    type: 'accessory',
    body: symmetric('M200 92L222 92Q230 140 288 196Q330 300 302 420Q264 466 200 464'),
    shade: 'M170 104Q200 116 230 104L226 126Q200 134 174 126Z',
    front: `M178 92Q200 70 222 92M214 128L240 190M186 128L166 176${pair('M260 240Q250 330 270 420')}M200 200V460`,
  },
  'bino-harness': {
    label: 'Bino harness',
    type: 'accessory',
    body: symmetric('M200 176L288 176Q304 176 304 194L304 360Q304 392 272 392L200 392'),
    shade: pair(`${strap('256 176 318 36 340 44 282 176')}${strap('296 360 372 420 360 436 290 380')}`),
    front: 'M96 242Q200 262 304 242M186 252H214V280H186ZM120 300H280',
    detail: '100 120 200 250',
  },
  'hand-muff': {
    label: 'Hand muff',
    type: 'accessory',
    body: symmetric('M200 168L296 168Q362 168 362 258Q362 348 296 348L200 348'),
    shade: 'M20 238H380V272H20Z',
    front: `M150 312H250${pair('M296 174Q264 258 296 342')}M200 238V272`,
    detail: '100 130 200 250',
  },
  pouch: {
    label: 'Rangefinder pouch',
    type: 'accessory',
    body: symmetric('M200 148L270 148Q286 148 286 164L286 400Q286 422 264 422L200 422'),
    shade: 'M172 148V104H228V148H212V120H188V148Z',
    front: 'M114 150V242Q200 268 286 242V150M186 236H214V262H186ZM136 380H264',
    detail: '100 100 200 250',
  },
};
