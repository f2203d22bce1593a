import { Link, NavLink, Outlet } from "react-router";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/layout";

export async function loader() {
  const settings = await getSiteSettings();
  return { settings };
}

const NAV = [
  { to: "/", label: "Home" },
  { to: "/packages", label: "Packages" },
  { to: "/gallery", label: "Gallery" },
  { to: "/blogs", label: "Blogs" },
  { to: "/contact", label: "Contact Us" },
];

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="container">
        <Link to="/">{settings.brandName}</Link>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="container">
        <p>{settings.footerDescription}</p>
        <p>© 2025 {settings.brandName}. All rights reserved.</p>
      </footer>
    </>
  );
}
