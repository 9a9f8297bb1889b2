/**
 * Product art and swatches as small SVG documents. The seed points product images at a bounded set of
 * files (one per art kind × palette colour × view, about 2,000 in all) instead of one per product, so a
 * 10,000-product bench catalogue writes no files at all. scripts/generate-images.ts writes them.
 *
 * An art kind is a silhouette (product-drawings.ts): a product type has one or more (hats are caps or
 * beanies). A view frames a drawing: front, back, detail (a zoomed crop), or one of four lifestyle scenes
 * with the product in it; each product shows two scenes, chosen by `lifestyleScenes` so that products of one
 * kind take turns through the scene pairs (issue 9 §10, decision 050).
 */
import { createRandom } from './random';
import type { Colour, ColourCode } from './colours';
import { ART_KINDS, DRAWINGS, type ArtKind } from './product-drawings';
import { PRODUCT_TYPE_SPECS, type ProductType } from './product-types';

export { ART_KINDS, DRAWINGS, type ArtKind } from './product-drawings';

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 1000;

/** The lifestyle scenes; the label ends an image's title and alt text ("… in Lead, on a mountain ridge"). */
export const LIFESTYLE_SCENES = [
  { id: 'ridge', label: 'on a mountain ridge' },
  { id: 'marsh', label: 'in a marsh at dawn' },
  { id: 'timber', label: 'in the timber' },
  { id: 'snow', label: 'in fresh snow' },
] as const;
export type SceneId = (typeof LIFESTYLE_SCENES)[number]['id'];

export const IMAGE_VIEWS = ['front', 'back', 'detail', ...LIFESTYLE_SCENES.map((scene) => scene.id)] as const;
export type ImageView = 'front' | 'back' | 'detail' | SceneId;

export function isSceneView(view: ImageView): view is SceneId {
  return LIFESTYLE_SCENES.some((scene) => scene.id === view);
}

export function sceneLabel(scene: SceneId): string {
  return LIFESTYLE_SCENES.find((candidate) => candidate.id === scene)!.label;
}

/** Every ordered pair of two different scenes (12 of 4), the first scene changing fastest. */
const SCENE_PAIRS: readonly (readonly [SceneId, SceneId])[] = [1, 2, 3].flatMap((offset) =>
  LIFESTYLE_SCENES.map(
    (scene, index) => [scene.id, LIFESTYLE_SCENES[(index + offset) % LIFESTYLE_SCENES.length]!.id] as const,
  ),
);

/**
 * The two scenes of the `ordinal`-th product of an art kind: consecutive products of a kind get different
 * first scenes, and two products of a kind share both scenes only twelve products apart.
 */
export function lifestyleScenes(ordinal: number): readonly [SceneId, SceneId] {
  return SCENE_PAIRS[ordinal % SCENE_PAIRS.length]!;
}

/**
 * The art kind of a product: its type, told apart by style or by the noun that ends its name (a "Mitt" is a
 * glove with no fingers, a "Down Hoody" a jacket with a hood, a "Belt" an accessory).
 */
export function artKindFor(type: ProductType, styleId: string, name: string): ArtKind {
  const endsWith = (...nouns: string[]) => nouns.some((noun) => name.endsWith(noun));
  switch (type) {
    case 'jacket':
      return endsWith('Hoody') ? 'hooded-jacket' : 'jacket';
    case 'shirt':
      return styleId === 'tee' ? 'tee' : 'shirt';
    case 'hoody':
      return styleId === 'zip-hoody' ? 'zip-hoody' : 'hoody';
    case 'baselayer':
      return styleId === 'baselayer-bottom' ? 'baselayer-bottom' : 'baselayer-top';
    case 'glove':
      return endsWith('Mitt') ? 'mitt' : 'glove';
    case 'hat':
      return styleId === 'cap' ? 'cap' : 'beanie';
    case 'gaiter':
      return styleId === 'neck-gaiter' ? 'neck-gaiter' : 'leg-gaiter';
    case 'accessory':
      if (endsWith('Belt')) return 'belt';
      if (endsWith('Bino Harness')) return 'bino-harness';
      if (endsWith('Hand Muff')) return 'hand-muff';
      if (endsWith('Pouch')) return 'pouch';
      return 'game-bag';
    default:
      return type;
  }
}

/** Every image the art set holds: each art kind in each colour of its type's palette, in each view. */
export function artImages(): { kind: ArtKind; code: ColourCode; view: ImageView }[] {
  return ART_KINDS.flatMap((kind) =>
    PRODUCT_TYPE_SPECS[DRAWINGS[kind].type].palette.flatMap((code) =>
      IMAGE_VIEWS.map((view) => ({ kind, code, view })),
    ),
  );
}

/** Public URL of a product image; the file is `public` + this path. */
export function productImageUrl(kind: ArtKind, code: ColourCode, view: ImageView): string {
  return `/images/catalogue/${kind}/${code.toLowerCase()}-${view}.svg`;
}

const STUDIO_LABEL = { front: 'front view', back: 'back view', detail: 'detail' } as const;
const BACKDROP = '#f3f2ef';
const DETAIL_VIEWBOX = '120 60 160 200';
const MIRRORED = 'matrix(-1 0 0 1 400 0)';

/** Lifestyle scenes: sky, land and ground, and where the (scaled down) product stands in them. */
const SCENES: Record<SceneId, { backdrop: string; place: string }> = {
  ridge: {
    backdrop:
      '<rect width="400" height="500" fill="#cfe0ea"/><path d="M0 250L80 150L130 200L220 90L300 180L340 140L400 200V500H0Z" fill="#98a6b3"/>' +
      '<path d="M220 90L194 122L212 116L228 128L248 110Z" fill="#f4f6f8"/><path d="M0 330Q120 280 230 310T400 290V500H0Z" fill="#6f7f5e"/>' +
      '<path d="M0 420Q200 390 400 430V500H0Z" fill="#8d7b5f"/>',
    place: 'translate(100 200) scale(.5)',
  },
  marsh: {
    backdrop:
      '<rect width="400" height="500" fill="#efd8b6"/><circle cx="300" cy="150" r="34" fill="#f5b46a"/>' +
      '<path d="M0 300L20 250L40 300L65 230L90 300L120 240L150 300L180 220L210 300L240 250L270 300L300 230L330 300L360 240L400 300V500H0Z" fill="#4e5a45"/>' +
      '<path d="M0 320H400V500H0Z" fill="#8ea3a8"/><path d="M40 360H120M250 390H350M90 420H200" stroke="#b7c7ca" stroke-width="4"/>' +
      '<path d="M20 500L34 380M44 500L40 400M360 500L372 370M380 500L378 400" stroke="#7a6a45" stroke-width="6"/>',
    place: 'translate(150 215) scale(.5)',
  },
  timber: {
    backdrop:
      '<rect width="400" height="500" fill="#c8d2bd"/><path d="M20 380L60 120L100 380ZM300 380L345 90L390 380ZM230 360L260 170L290 360Z" fill="#3f5a3a"/>' +
      '<path d="M120 390L150 200L180 390Z" fill="#56704c"/><path d="M0 380H400V500H0Z" fill="#6d5a40"/>' +
      '<path d="M0 430Q100 410 200 432T400 430" stroke="#85704f" stroke-width="6" fill="none"/>',
    place: 'translate(60 205) scale(.55)',
  },
  snow: {
    backdrop:
      '<rect width="400" height="500" fill="#dfe7ee"/><path d="M0 260Q120 190 220 240Q320 180 400 220V500H0Z" fill="#f7f9fb"/>' +
      '<path d="M40 300L58 230L76 300ZM330 280L346 214L362 280Z" fill="#44573f"/><path d="M0 380Q200 340 400 390V500H0Z" fill="#fff"/>' +
      '<path d="M0 410Q200 380 400 420" stroke="#cbd6df" stroke-width="5" fill="none"/>',
    place: 'translate(110 200) scale(.55)',
  },
};

export function productImageTitle(kind: ArtKind, colour: Colour, view: ImageView): string {
  const shown = isSceneView(view) ? sceneLabel(view) : STUDIO_LABEL[view];
  return `${DRAWINGS[kind].label} in ${colour.name}, ${shown}`;
}

export function productImageSvg(kind: ArtKind, colour: Colour, view: ImageView): string {
  const drawing = DRAWINGS[kind];
  const fill = colour.isPattern || colour.secondaryHex ? 'url(#p)' : colour.hex;
  const outline = outlineColour(colour.hex);
  const ownBack = view === 'back' && drawing.back !== undefined;
  const details = ownBack ? drawing.back : drawing.front;
  const shade = ownBack ? drawing.backShade : drawing.shade;
  let product =
    `<path d="${drawing.body}" fill="${fill}" fill-rule="evenodd" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
    (shade ? `<path d="${shade}" fill="${outline}"/>` : '') +
    `<path d="${details}" fill="none" stroke="${outline}" stroke-width="3" stroke-linecap="round"/>`;
  // Without back seams of its own, the back is the other side: the drawing mirrored.
  if (view === 'back' && !drawing.back) product = `<g transform="${MIRRORED}">${product}</g>`;
  let content: string;
  let viewBox = '0 0 400 500';
  if (isSceneView(view)) {
    const scene = SCENES[view];
    content =
      `${scene.backdrop}<g transform="${scene.place}">` +
      `<ellipse cx="200" cy="478" rx="150" ry="14" fill="#000" opacity=".18"/>${product}</g>`;
  } else {
    if (view === 'detail') viewBox = drawing.detail ?? DETAIL_VIEWBOX;
    content = `<rect x="0" y="0" width="400" height="500" fill="${BACKDROP}"/>${product}`;
  }
  return svgDocument(
    IMAGE_WIDTH,
    IMAGE_HEIGHT,
    viewBox,
    productImageTitle(kind, colour, view),
    `${fillDefs(colour)}${content}`,
  );
}

export function swatchSvg(colour: Colour): string {
  const fill = colour.isPattern || colour.secondaryHex ? 'url(#p)' : colour.hex;
  return svgDocument(
    40,
    40,
    '0 0 40 40',
    colour.name,
    `${fillDefs(colour)}<rect width="40" height="40" fill="${fill}"/>`,
  );
}

function svgDocument(width: number, height: number, viewBox: string, title: string, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">` +
    `<title>${escapeXml(title)}</title>${content}</svg>\n`
  );
}

/**
 * The paint with id `p` that a patterned colour fills with: a digital camouflage tile for patterns, a
 * hard-edged two-tone gradient for two-tone solids, nothing for plain solids.
 */
function fillDefs(colour: Colour): string {
  if (colour.camoAccents) {
    const random = createRandom([...colour.code].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7));
    const layers = colour.camoAccents.map((accent) => {
      // Blocks on a 4-unit grid, as in pixelated (digital) camouflage.
      const blocks = Array.from({ length: 6 }, () => {
        const x = random.int(0, 9) * 4;
        const y = random.int(0, 9) * 4;
        return `M${x} ${y}h${random.int(1, 4) * 4}v${random.int(1, 3) * 4}h-${random.int(1, 3) * 4}z`;
      });
      return `<path d="${blocks.join('')}" fill="${accent}"/>`;
    });
    return (
      `<defs><pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse">` +
      `<rect width="40" height="40" fill="${colour.hex}"/>${layers.join('')}</pattern></defs>`
    );
  }
  if (colour.secondaryHex) {
    return (
      `<defs><linearGradient id="p" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset=".55" stop-color="${colour.hex}"/><stop offset=".55" stop-color="${colour.secondaryHex}"/>` +
      `</linearGradient></defs>`
    );
  }
  return '';
}

/** Seams and outlines: a darker shade of the fill, or a lighter one on near-black fills so they show. */
function outlineColour(hex: string): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  const isDark = channels.reduce((sum, value) => sum + value, 0) < 3 * 64;
  const shaded = channels.map((value) => Math.round(isDark ? value + (255 - value) * 0.35 : value * 0.55));
  return `#${shaded.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
