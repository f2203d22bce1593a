import { data } from "react-router";
import { NotFoundNotice } from "~/components/site/not-found/not-found-notice";
import { seoMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: "Page not found | Pravas",
    description: "We couldn't find that page. Browse our tour packages, read our blog or contact our team.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/** Every unknown address inside the site layout: the friendly page, with status 404. */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <NotFoundNotice title="Page not found">
      <p>We couldn't find that page. It may have moved, or the link may be mistyped.</p>
      <p>Try one of these instead, or call us and we will help you find what you need.</p>
    </NotFoundNotice>
  );
}
