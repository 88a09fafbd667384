/**
 * The version for the visually impaired (ГОСТ Р 52872-2019): the visitor's
 * settings, kept in one cookie. The worker reads it to render the chosen classes
 * (so the page never flashes the ordinary look first) and to key the rendered
 * page; the settings panel's form writes it. One spelling for both.
 */
export const LOW_VISION_COOKIE = 'vision';

/** The panel's form posts here; the answer sends the visitor back to the page they were reading. */
export const LOW_VISION_PATH = '/low-vision';

/** A year: as long as the analytics choice is remembered. */
export const LOW_VISION_MAX_AGE = 365 * 24 * 60 * 60;

export type TextSize = 'normal' | 'large' | 'largest';
/** Black on white, white on black, dark blue on light blue. */
export type ColourScheme = 'black-on-white' | 'white-on-black' | 'blue';

export interface LowVision {
  size: TextSize;
  scheme: ColourScheme;
  images: boolean;
  /** Wider letter (and word) spacing. */
  wideLetters: boolean;
  /** Wider line spacing. */
  wideLines: boolean;
  /** A plain system typeface instead of the site's own. */
  plainFont: boolean;
}

export const TEXT_SIZES: readonly TextSize[] = ['normal', 'large', 'largest'];
export const COLOUR_SCHEMES: readonly ColourScheme[] = ['black-on-white', 'white-on-black', 'blue'];

/** What «Версия для слабовидящих» turns on first: larger text, black on white. */
export const LOW_VISION_START: LowVision = {
  size: 'large',
  scheme: 'black-on-white',
  images: true,
  wideLetters: false,
  wideLines: false,
  plainFont: false,
};

const SIZE_CODES: Record<TextSize, string> = { normal: '1', large: '2', largest: '3' };
const SCHEME_CODES: Record<ColourScheme, string> = { 'black-on-white': 'bw', 'white-on-black': 'wb', blue: 'bl' };
const flag = (on: boolean) => (on ? '1' : '0');

/** The cookie's value, and the rendered page's key: one string per distinct look. */
export function lowVisionValue(v: LowVision): string {
  return `${SIZE_CODES[v.size]}${SCHEME_CODES[v.scheme]}${flag(v.images)}${flag(v.wideLetters)}${flag(v.wideLines)}${flag(v.plainFont)}`;
}

const VALUE = /^([123])(bw|wb|bl)([01])([01])([01])([01])$/;

/** The settings in a Cookie header; anything else there is the ordinary version. */
export function lowVisionIn(cookies: string | null | undefined): LowVision | undefined {
  const raw = new RegExp(`(?:^|;\\s*)${LOW_VISION_COOKIE}=([^;]*)`).exec(cookies ?? '')?.[1]?.trim();
  const match = VALUE.exec(raw ?? '');
  if (!match) return undefined;
  const [, size, scheme, images, letters, lines, font] = match;
  return {
    size: TEXT_SIZES[Number(size) - 1]!,
    scheme: (Object.keys(SCHEME_CODES) as ColourScheme[]).find((key) => SCHEME_CODES[key] === scheme)!,
    images: images === '1',
    wideLetters: letters === '1',
    wideLines: lines === '1',
    plainFont: font === '1',
  };
}

/**
 * One button of the panel: `field:value` (size:largest, scheme:blue, images:off,
 * letters:wide, lines:normal, font:plain), `on` or `off`. Returns the new
 * settings (undefined: the ordinary version), or null for a choice that is not one.
 */
export function applyChoice(current: LowVision | undefined, choice: string): LowVision | undefined | null {
  if (choice === 'off') return undefined;
  const base = current ?? LOW_VISION_START;
  if (choice === 'on') return base;
  const [field, value] = choice.split(':');
  switch (field) {
    case 'size':
      return TEXT_SIZES.includes(value as TextSize) ? { ...base, size: value as TextSize } : null;
    case 'scheme':
      return COLOUR_SCHEMES.includes(value as ColourScheme) ? { ...base, scheme: value as ColourScheme } : null;
    case 'images':
      return value === 'on' || value === 'off' ? { ...base, images: value === 'on' } : null;
    case 'letters':
      return value === 'wide' || value === 'normal' ? { ...base, wideLetters: value === 'wide' } : null;
    case 'lines':
      return value === 'wide' || value === 'normal' ? { ...base, wideLines: value === 'wide' } : null;
    case 'font':
      return value === 'plain' || value === 'site' ? { ...base, plainFont: value === 'plain' } : null;
    default:
      return null;
  }
}

/** The classes on <html> that the stylesheet (client/styles/low-vision.css) reads. */
export function lowVisionClasses(v: LowVision): string {
  return [
    'lv',
    `lv-size-${v.size}`,
    `lv-scheme-${v.scheme}`,
    v.images ? '' : 'lv-no-images',
    v.wideLetters ? 'lv-wide-letters' : '',
    v.wideLines ? 'lv-wide-lines' : '',
    v.plainFont ? 'lv-plain-font' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
