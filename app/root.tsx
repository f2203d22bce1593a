import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import jakartaLatin from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";
import globalCss from "~/styles/global.css?url";
import { getEnv } from "~/server/env.server";
import type { Route } from "./+types/root";

// Latin subsets only, self-hosted and preloaded; "optional" never swaps fonts
// after first paint, so text never shifts. Made on the server only: the browser
// keeps the rules from the HTML, and React never compares or rewrites a
// dangerouslySetInnerHTML it hydrates, so their text stays out of every
// page's modules (issue 42: the public pages' JavaScript must not grow).
const fontFaces = !import.meta.env.SSR
  ? ""
  : `
@font-face{font-family:"Plus Jakarta Sans Variable";font-style:normal;font-display:optional;font-weight:200 800;src:url(${jakartaLatin}) format("woff2-variations");}
@font-face{font-family:"Fraunces Variable";font-style:normal;font-display:optional;font-weight:100 900;src:url(${frauncesLatin}) format("woff2-variations");}`;

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: jakartaLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: globalCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.nonce, siteUrl: getEnv().SITE_URL };
}

/**
 * Its data (the first render's CSP nonce, the site's address) never changes in
 * the browser: never reloaded, so a form that fails to save while the server is
 * unreachable cannot unmount the page through a failed reload (ADR 040).
 */
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11835a" />
        {/* The server inlines the page's CSS here (app/server/html/head-order.server.ts). */}
        <style data-inline-css="" dangerouslySetInnerHTML={{ __html: fontFaces }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated: on public pages scripts start in
  // idle time after the first paint (ADR 078); the first-tap script stops events
  // from reaching React until it sees this mark, then replays held taps, and tests
  // wait for it before using widgets.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

/** Last-resort boundary; the site layout has its own, styled one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container" style={{ padding: "4rem 0" }}>
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>{notFound ? "We couldn't find that page." : "Something went wrong. Please try again."}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
