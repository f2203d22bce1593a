import QRCode from "qrcode";

/**
 * The QR of a `upi://pay` URI (issue 46): PNG for e-mails and documents, SVG
 * for pages. Error correction M (15%) survives a phone photographing a
 * printout; the quiet zone is the standard's 4 modules, which scanners need.
 */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/**
 * A PNG with `scale` whole pixels per module, so every module is sharp: a
 * booking's URI (about 120 characters) is a version 7 or 8 code, 53 or 57
 * modules with the quiet zone, so about 320 to 340 pixels at the default 6.
 */
export function upiQrPng(uri: string, scale = 6): Promise<Buffer> {
  return QRCode.toBuffer(uri, { ...QR_OPTIONS, type: "png", scale });
}

/** An SVG that scales to its box: the booking page sizes it with CSS. */
export function upiQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { ...QR_OPTIONS, type: "svg" });
}
