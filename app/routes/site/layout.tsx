import { isRouteErrorResponse, Link, Outlet, type ShouldRevalidateFunctionArgs, useLocation, useRouteLoaderData } from "react-router";
import { FirstTapScript } from "~/components/site/layout/first-tap-script";
import { FloatingContact } from "~/components/site/layout/floating-contact";
import { LeadPopup } from "~/components/site/layout/lead-popup";
import { SiteFooter } from "~/components/site/layout/site-footer";
import { SiteHeader } from "~/components/site/layout/site-header";
import errorStyles from "~/components/site/layout/site-error.module.css";
import { whatsappHref } from "~/lib/contact-links";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/layout";

export async function loader() {
  const settings = await getSiteSettings();
  return { settings };
}

// The public forms' posts (ADR 068) change no site setting; and when the network is
// down, a reload of this data after a failed post would swap the page for the error page.
// Nor does the query of the same page (a package's tabs, the trip finder): a tab answers
// at once instead of after a round trip for the same settings (ADR 078).
export const shouldRevalidate = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === "POST" || currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

type LayoutData = Awaited<ReturnType<typeof loader>>;

type ChromeProps = { settings: LayoutData["settings"] | undefined; overHero?: boolean; children: React.ReactNode };

/** Header, footer, floating contact buttons and the lead popup around every public page. */
function Chrome({ settings, overHero = false, children }: ChromeProps) {
  return (
    <>
      <FirstTapScript />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader brandName={settings?.brandName ?? "Pravas"} overHero={overHero} />
      <main id="main">{children}</main>
      {settings ? (
        <>
          <SiteFooter settings={settings} />
          <aside aria-label="Quick contact">
            <FloatingContact phone={settings.phonePrimary} whatsappUrl={whatsappHref(settings.whatsappNumber, settings.whatsappMessage)} />
            {settings.leadPopupEnabled ? <LeadPopup /> : null}
          </aside>
        </>
      ) : null}
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  // The home route has its own navbar style, laid over the hero.
  const overHero = useLocation().pathname === "/";
  return (
    <Chrome settings={loaderData.settings} overHero={overHero}>
      <Outlet />
    </Chrome>
  );
}

/** Errors of the site's pages, inside the site's own header and footer when they can be drawn. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<LayoutData>("routes/site/layout");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Server-side errors are logged once by handleError (app/entry.server.tsx).
  return (
    <Chrome settings={data?.settings}>
      <section className={`container ${errorStyles.error}`}>
        <p className={errorStyles.code}>{notFound ? "404" : "Oops"}</p>
        <h1 className={errorStyles.title}>{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p className={errorStyles.text}>
          {notFound
            ? "We couldn't find that page. It may have moved, or the link may be mistyped."
            : "Something went wrong on our side. Please try again in a moment."}
        </p>
        <p className={errorStyles.actions}>
          <Link to="/" className="btn btn-primary">
            Go to the home page
          </Link>
          <Link to="/packages" className="btn btn-outline">
            Browse tour packages
          </Link>
        </p>
      </section>
    </Chrome>
  );
}
