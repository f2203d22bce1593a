// fontkit ships no types (pdfkit depends on it and parses the fonts with it): what the site's PDF writer uses.
declare module "fontkit" {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    layout(text: string): { glyphs: Glyph[] };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
