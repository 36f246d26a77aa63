import type { Page } from '@playwright/test';

/** How one figure of a rate display is drawn, as Chromium computed it. */
export interface FigureLook {
  text: string;
  /** The text that follows the figure in its display: its label ('APR', 'Interest rate'). */
  after: string;
  fontSize: number;
  fontWeight: number;
  /** WCAG contrast ratio of the text colour against the background behind it. */
  contrast: number;
}

export interface RateDisplay {
  apr: FigureLook;
  rate: FigureLook;
  aprFirst: boolean;
}

/**
 * Every rate display on the page (components/rates: the cards' figures and the representative
 * example), measured the way a compliance reviewer compares them: size, weight and contrast of
 * the APR against its interest rate. Colours go through a canvas, which turns any CSS colour
 * (Tailwind 4 writes oklch) into the sRGB pixels the contrast formula needs.
 */
export function measureRateDisplays(page: Page): Promise<RateDisplay[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! / 255 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const color = rgba(getComputedStyle(e).backgroundColor);
        if (color.a > 0) return color;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      const fore = luminance(rgba(style.color));
      const back = luminance(background(element));
      let after = '';
      for (let n = element.nextSibling; n && after.trim().length < 14; n = n.nextSibling) after += n.textContent ?? '';
      return {
        text: element.textContent ?? '',
        after: after.trim(),
        fontSize: parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight),
        contrast: (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05),
      };
    };
    return [...document.querySelectorAll('[data-rate-figures]')].map((display) => {
      const apr = display.querySelector('[data-rate-figure="apr"]');
      const rate = display.querySelector('[data-rate-figure="rate"]');
      if (!apr || !rate) throw new Error(`A rate display without both figures: ${display.textContent}`);
      return {
        apr: look(apr),
        rate: look(rate),
        aprFirst: Boolean(apr.compareDocumentPosition(rate) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
  });
}

/** Percentages with decimals ('6.75%') shown anywhere on the page outside a rate display's figures. */
export function ratesShownOutsideDisplays(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [data-rate-figure]')) continue;
      const match = /\d+\.\d+\s*%/.exec(node.textContent ?? '');
      if (match) found.push(`${match[0]} in "${(node.textContent ?? '').trim().slice(0, 80)}"`);
    }
    return found;
  });
}
