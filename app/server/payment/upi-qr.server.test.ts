import fc from "fast-check";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseRupees } from "~/lib/money";
import { readUpiUri, upiPaymentUri, type UpiPayment } from "~/lib/upi";
import { upiQrPng, upiQrSvg } from "./upi-qr.server";

/**
 * Issue 46's test: 1,000 random amounts from ₹1 to ₹10,00,000 and random notes
 * with spaces, &, # and Hindi text, each built into a URI, rendered as a QR
 * PNG, decoded back from the picture (jsqr with pngjs) and compared. At one
 * pixel a module (a 53-pixel square for a booking's URI) a round trip costs
 * about 13 ms of CPU, against 45 ms at three (ADR 103).
 */
const QR_SAMPLES = 1000;

const hindiWords = ["यात्रा", "बाली", "शेष राशि", "अग्रिम", "धन्यवाद", "नमस्ते", "दुबई", "श्रीलंका", "किस्त", "भुगतान"];
const looseCharacters = [..."abcXYZ0129 &#%+=?/:.,-_'()!*@~", ..."कखगघचजटडतदनपबमयरलवसहािीुूेैोौंः्"];
const text = (maxLength: number) => fc.array(fc.constantFrom(...looseCharacters), { maxLength }).map((chars) => chars.join(""));
const note = fc
  // At most 10 + 3 + 8 + 2 + 10 + 1 + 8 + 4 = 46 characters: under UPI_NOTE_MAX.
  .tuple(text(10), fc.constantFrom(...hindiWords), text(10), fc.constantFrom(...hindiWords), text(4))
  .map(([a, word, b, other, c]) => `${a} & ${word} #${b} ${other}${c}`);
const bookingReference = fc
  .array(fc.constantFrom(..."23456789ABCDEFGHJKMNPQRSTUVWXYZ"), { minLength: 5, maxLength: 5 })
  .map((chars) => `PRV-${chars.join("")}`);
const payment: fc.Arbitrary<UpiPayment> = fc.record({
  vpa: fc.constantFrom("pravas.travel@okhdfcbank", "9845012345@ybl", "pravas-tours_1@icici"),
  payeeName: fc.constantFrom("Pravas Holidays & Tours", "प्रवास हॉलिडेज़", "Pravas #1 Travel"),
  amountPaise: fc.integer({ min: 1_00, max: 10_00_000_00 }),
  note,
  reference: fc.tuple(bookingReference, fc.constantFrom("DEP", "BAL", "I1", "I12")).map(([reference, key]) => `${reference}-${key}`),
});

function decode(rgba: Uint8Array, width: number, height: number): string | null {
  const code = jsQR(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width, height, { inversionAttempts: "dontInvert" });
  return code?.data ?? null;
}

/** Throws unless `decoded` is exactly `uri` and carries `sent`, its amount to the paisa. */
function checkRoundTrip(sent: UpiPayment, uri: string, decoded: string | null) {
  if (decoded !== uri) throw new Error(`Decoded ${JSON.stringify(decoded)}, built ${JSON.stringify(uri)}`);
  const read = readUpiUri(decoded);
  const back = read && { vpa: read.pa, payeeName: read.pn, amountPaise: parseRupees(read.am ?? ""), note: read.tn, reference: read.tr, currency: read.cu };
  expect(back).toEqual({ ...sent, amountPaise: { ok: true, paise: sent.amountPaise }, currency: "INR" });
}

describe("the UPI QR", () => {
  it(`decodes back from the PNG to the URI that was built, for ${QR_SAMPLES} random payments`, { timeout: 600_000 }, async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(payment, async (sent) => {
        const uri = upiPaymentUri(sent);
        // One pixel a module rather than the e-mail's six: the same code and modules, the fewest pixels to encode and search.
        const png = PNG.sync.read(await upiQrPng(uri, 1));
        checkRoundTrip(sent, uri, decode(png.data, png.width, png.height));
        checked++;
      }),
      { seed: 46, numRuns: QR_SAMPLES },
    );
    expect(checked).toBe(QR_SAMPLES);
  });

  it("decodes back from the SVG, drawn as the browser would at 240 px", async () => {
    await fc.assert(
      fc.asyncProperty(payment, async (sent) => {
        const uri = upiPaymentUri(sent);
        const svg = await upiQrSvg(uri);
        expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
        const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
          .resize(240)
          .flatten({ background: "#ffffff" })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        checkRoundTrip(sent, uri, decode(data, info.width, info.height));
      }),
      { seed: 4646, numRuns: 10 },
    );
  });

  it("makes sharp modules with a quiet zone: whole pixels per module", async () => {
    const uri = upiPaymentUri({
      vpa: "pravas.travel@okhdfcbank",
      payeeName: "Pravas Holidays",
      amountPaise: 1_56_750_00,
      note: "PRV-7KQ2M balance",
      reference: "PRV-7KQ2M-BAL",
    });
    const png = PNG.sync.read(await upiQrPng(uri));
    // 118 characters: version 7 (45 modules, 122 bytes at level M), 4 quiet modules a side, 6 pixels each.
    expect(uri).toHaveLength(118);
    expect([png.width, png.height]).toEqual([(45 + 8) * 6, (45 + 8) * 6]);
    expect(decode(png.data, png.width, png.height)).toBe(uri);
    // The first 24 rows are the white quiet zone.
    expect(png.data.subarray(0, png.width * 4 * 24).every((byte) => byte === 255)).toBe(true);
  });
});
