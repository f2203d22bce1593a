import { useRouteLoaderData } from "react-router";
import { DIALLER_DEVICES } from "~/lib/contact-links";
import { answerFirstTaps } from "~/lib/page-scripts/first-tap";
import { inlineCall } from "~/lib/page-scripts/inline-script";
import type { loader as rootLoader } from "~/root";

/**
 * Made on the server only: the browser runs the script from the HTML, and its
 * source stays out of the page's modules (React neither runs nor compares it).
 */
const SOURCE = import.meta.env.SSR ? inlineCall(answerFirstTaps, { diallerDevices: DIALLER_DEVICES.source }) : "";

/**
 * The first thing in a public page's body: the answers to taps that must never
 * wait for the page's modules (call buttons, carousel arrows, and held taps
 * until hydration; app/lib/page-scripts/first-tap.ts, ADR 078).
 */
export function FirstTapScript() {
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SOURCE }} suppressHydrationWarning />;
}
