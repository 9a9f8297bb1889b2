/**
 * Product art and swatches as small SVG documents. The seed points product images at a bounded set of
 * files (one per product type × palette colour × view, about 800 in all) instead of one per product, so
 * a 10,000-product bench catalogue writes no files at all. scripts/generate-images.ts writes them.
 *
 * Drawings live in a 400×500 box; a view is a way of framing them: front, back (with a yoke seam instead
 * of the front details), detail (a zoomed crop) and two lifestyle scenes (mountain, marsh).
 */
import { createRandom } from './random';
import type { Colour, ColourCode } from './colours';
import type { ProductType } from './product-types';

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 1000;
export const IMAGE_VIEWS = ['front', 'back', 'detail', 'lifestyle-1', 'lifestyle-2'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

/** Public URL of a product image; the file is `public` + this path. */
export function productImageUrl(type: ProductType, code: ColourCode, view: ImageView): string {
  return `/images/catalogue/${type}/${code.toLowerCase()}-${view}.svg`;
}

type Drawing = { label: string; body: string; front: string };

/** Outline (`body`) and front details (zips, pockets, seams) of each product type. */
const DRAWINGS: Record<ProductType, Drawing> = {
  jacket: {
    label: 'Jacket',
    body: 'M150 60h100l50 20 50 30 20 190-35 5-20-145-5 280H90l-5-280-20 145-35-5 20-190 50-30z',
    front: 'M200 62v378M170 60l30 30 30-30M110 250h50M240 250h50',
  },
  vest: {
    label: 'Vest',
    body: 'M150 60h100l50 25 5 85 5 270H90l5-270 5-85z',
    front: 'M200 62v378M170 60l30 30 30-30M110 260h50M240 260h50',
  },
  hoody: {
    label: 'Hoody',
    body: 'M150 60q50-65 100 0l50 20 50 30 20 190-35 5-20-145-5 280H90l-5-280-20 145-35-5 20-190 50-30z',
    front: 'M165 95q35-30 70 0M200 95v90M140 300h120l15 70H125z',
  },
  shirt: {
    label: 'Shirt',
    body: 'M155 60h90l55 25 45 40 10 170-35 5-20-140v270H100V160l-20 140-35-5 10-170 45-40z',
    front: 'M200 70v360M175 60l25 40 25-40M120 150h40v30h-40z',
  },
  baselayer: {
    label: 'Base layer',
    body: 'M160 60h80l45 20 30 40 20 200-30 5-25-160v275H115V165l-25 160-30-5 20-200 30-40z',
    front: 'M170 60q30 25 60 0M200 85v60',
  },
  pant: {
    label: 'Pant',
    body: 'M120 50h160l20 410h-80l-20-280-20 280h-80z',
    front: 'M120 70h160M200 70v110M135 100q25 40 45 0M220 100q25 40 45 0',
  },
  bib: {
    label: 'Bib',
    body: 'M140 60h120v90h20l20 320h-80l-20-190-20 190h-80l20-320h20z',
    front: 'M140 60l-15-40M260 60l15-40M160 90h80v50h-80zM200 150v130',
  },
  glove: {
    label: 'Glove',
    body: 'M130 430V250q-10-50 5-70l15-90q10-15 20 0l5 80 10-100q10-15 20 0l3 95 14-85q10-15 20 0l-2 95 22-60q10-12 18 2l-10 143 2 170z',
    front: 'M130 360h142M140 390h122',
  },
  hat: {
    label: 'Hat',
    body: 'M100 330q0-210 100-220 100 10 100 220zM90 320h220v60H90z',
    front: 'M200 110v-30M90 350h220M140 140q60-20 120 0',
  },
  pack: {
    label: 'Pack',
    body: 'M120 80q80-40 160 0l20 360q-100 30-200 0z',
    front: 'M150 250h100v120H150zM150 250q50-30 100 0M130 140h140M200 60v30',
  },
  gaiter: {
    label: 'Gaiter',
    body: 'M140 80h120l20 340H120z',
    front: 'M140 120h120M128 380h144M200 80v340',
  },
  wader: {
    label: 'Wader',
    body: 'M120 60h160l5 100 15 240v60h-75l-10-40-15-210-15 210-10 40h-75v-60l15-240z',
    front: 'M140 60l-10-40M260 60l10-40M165 90h70v50h-70zM100 400h100M200 400h100',
  },
  boot: {
    label: 'Boot',
    body: 'M140 80h110l5 220q75 20 85 80v50H120V300z',
    front: 'M120 410h220M150 120h90M150 170h95M150 220h100M255 300l-10 60',
  },
  accessory: {
    label: 'Accessory',
    body: 'M110 150h180q20 0 20 20v200q0 20-20 20H110q-20 0-20-20V170q0-20 20-20z',
    front: 'M90 210h220M185 230h30v20h-30zM150 150q50-80 100 0',
  },
};

const VIEW_LABEL: Record<ImageView, string> = {
  front: 'front view',
  back: 'back view',
  detail: 'detail',
  'lifestyle-1': 'in the mountains',
  'lifestyle-2': 'in the marsh',
};

const BACK_SEAM = 'M110 140q90 30 180 0';
const BACKDROP = '#f3f2ef';
/** The detail view crops the upper middle of the drawing (same 4:5 aspect as the full box). */
const DETAIL_VIEWBOX = '120 60 160 200';
/** Lifestyle scenes: sky, far and near land, and water or ground, drawn behind a half-size product. */
const SCENES: Record<'lifestyle-1' | 'lifestyle-2', string> = {
  'lifestyle-1':
    '<rect width="400" height="500" fill="#cfe0ea"/><path d="M0 260l90-110 70 70 80-120 160 170v230H0z" fill="#9aa9b5"/>' +
    '<path d="M0 330l120-60 110 40 170-50v240H0z" fill="#6f7f6a"/><path d="M0 430h400v70H0z" fill="#8d7b5f"/>',
  'lifestyle-2':
    '<rect width="400" height="500" fill="#e9dcc4"/><path d="M0 300l20-70 20 70 25-90 25 90 30-80 25 80 35-100 30 100 25-70 25 70 30-90 30 90 30-60 25 60 25-80v300H0z" fill="#4e5a45"/>' +
    '<path d="M0 360h400v140H0z" fill="#8ea3a8"/><path d="M30 500l10-90M60 500l-5-70M330 500l8-100M360 500l-6-80" stroke="#7a6a45" stroke-width="6"/>',
};

export function productImageSvg(type: ProductType, colour: Colour, view: ImageView): string {
  const drawing = DRAWINGS[type];
  const title = `${drawing.label} in ${colour.name}, ${VIEW_LABEL[view]}`;
  const fill = colour.isPattern || colour.secondaryHex ? 'url(#p)' : colour.hex;
  const outline = outlineColour(colour.hex);
  const details = view === 'back' ? BACK_SEAM : drawing.front;
  const product =
    `<path d="${drawing.body}" fill="${fill}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${details}" fill="none" stroke="${outline}" stroke-width="3" stroke-linecap="round"/>`;
  let content: string;
  let viewBox = '0 0 400 500';
  if (view === 'lifestyle-1' || view === 'lifestyle-2') {
    content = `${SCENES[view]}<g transform="translate(100 215) scale(.5)">${product}</g>`;
  } else {
    if (view === 'detail') viewBox = DETAIL_VIEWBOX;
    content = `<rect x="0" y="0" width="400" height="500" fill="${BACKDROP}"/>${product}`;
  }
  return svgDocument(IMAGE_WIDTH, IMAGE_HEIGHT, viewBox, title, `${fillDefs(colour)}${content}`);
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
