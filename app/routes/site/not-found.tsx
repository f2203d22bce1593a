import { Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Pravas" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <section className="container" style={{ padding: "4rem 0" }}>
      <h1>Page not found</h1>
      <p>We couldn't find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/packages">Browse our tour packages</Link> or <Link to="/">go to the home page</Link>.
      </p>
    </section>
  );
}
