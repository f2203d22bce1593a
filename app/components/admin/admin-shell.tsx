import { useEffect, useRef } from "react";
import { NavLink, useLocation, useMatches } from "react-router";
import type { AdminNotice } from "~/lib/admin-notice";
import {
  AccountIcon,
  ActivityIcon,
  BlogIcon,
  BookingsIcon,
  CloseIcon,
  DashboardIcon,
  DeparturesIcon,
  InboxIcon,
  LogoutIcon,
  MenuIcon,
  PackageIcon,
  PaymentsIcon,
  HomeIcon,
  MediaIcon,
  SettingsIcon,
  UsersIcon,
} from "./admin-icons";
import { NoticeArea } from "./admin-notice";
import styles from "./admin-shell.module.css";
import { forgetAllDrafts } from "./use-form-draft";

type ShellViewer = { name: string; email: string; role: "admin" | "editor" };

const NAV_ID = "admin-nav";

/** A page's own skip link (its route's `handle.skipLinks`), shown after "Skip to content". */
export type SkipLink = { href: `#${string}`; label: string };

function pageSkipLinks(matches: ReturnType<typeof useMatches>): SkipLink[] {
  return matches.flatMap((match) => (match.handle as { skipLinks?: SkipLink[] } | undefined)?.skipLinks ?? []);
}

const links = [
  {
    to: "/admin/dashboard",
    label: "Dashboard",
    Icon: DashboardIcon,
    adminOnly: false,
  },
  {
    to: "/admin/packages",
    label: "Packages",
    Icon: PackageIcon,
    adminOnly: false,
  },
  { to: "/admin/blogs", label: "Blogs", Icon: BlogIcon, adminOnly: false },
  {
    to: "/admin/enquiries",
    label: "Enquiries",
    Icon: InboxIcon,
    adminOnly: false,
  },
  {
    to: "/admin/bookings",
    label: "Bookings",
    Icon: BookingsIcon,
    adminOnly: false,
  },
  {
    to: "/admin/payments",
    label: "Payments",
    Icon: PaymentsIcon,
    adminOnly: false,
  },
  {
    to: "/admin/reviews",
    label: "Reviews",
    Icon: InboxIcon,
    adminOnly: false,
  },
  {
    to: "/admin/tax-registers",
    label: "Tax registers",
    Icon: PaymentsIcon,
    adminOnly: false,
  },
  {
    to: "/admin/departures",
    label: "Departures",
    Icon: DeparturesIcon,
    adminOnly: false,
  },
  {
    to: "/admin/site/home",
    label: "Home page",
    Icon: HomeIcon,
    adminOnly: false,
  },
  { to: "/admin/media", label: "Media", Icon: MediaIcon, adminOnly: false },
  {
    to: "/admin/site/legal",
    label: "Legal pages",
    Icon: BlogIcon,
    adminOnly: true,
  },
  {
    to: "/admin/site/terms",
    label: "Package terms",
    Icon: BlogIcon,
    adminOnly: true,
  },
  {
    to: "/admin/reply-templates",
    label: "Reply templates",
    Icon: InboxIcon,
    adminOnly: true,
  },
  {
    to: "/admin/settings",
    label: "Settings",
    Icon: SettingsIcon,
    adminOnly: true,
  },
  { to: "/admin/users", label: "Users", Icon: UsersIcon, adminOnly: true },
  {
    to: "/admin/activity",
    label: "Activity",
    Icon: ActivityIcon,
    adminOnly: true,
  },
];

/**
 * The frame of every signed-in admin page: top bar, sidebar and the notice
 * area. Below 60rem the sidebar is a popover opened by the Menu button, which
 * the browser runs itself (popovertarget): it works before hydration, with
 * the keyboard, and Escape or a click outside closes it.
 */
export function AdminShell({
  viewer,
  notice,
  newEnquiries = null,
  mailFailure = null,
  children,
}: {
  viewer: ShellViewer | null;
  notice?: AdminNotice | null;
  /** New enquiries waiting, shown beside Enquiries; null when the viewer may not see them. */
  newEnquiries?: number | null;
  /** E-mails to the team are failing (the sentence the dashboard's banner shows): the Dashboard link gets a mark. */
  mailFailure?: string | null;
  children: React.ReactNode;
}) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const skipLinks = pageSkipLinks(useMatches());

  // A link followed inside the open menu (client navigation) closes the menu.
  useEffect(() => {
    const nav = navRef.current;
    if (nav?.matches(":popover-open")) nav.hidePopover();
  }, [pathname]);

  const isAdmin = viewer?.role === "admin";
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      {skipLinks.map((link) => (
        <a key={link.href} className="skip-link" href={link.href}>
          {link.label}
        </a>
      ))}
      <header className={styles.topbar}>
        {/* On a phone the sidebar is folded into this menu: its button carries the e-mail failure mark too, so it is seen without opening it. */}
        <button
          type="button"
          className={styles.menuButton}
          popoverTarget={NAV_ID}
          aria-label={mailFailure ? "Menu: e-mails to the team are failing" : "Menu"}
          title={mailFailure ?? undefined}
        >
          <MenuIcon className={styles.icon} />
          {mailFailure ? (
            <span className={styles.menuMark} aria-hidden="true">
              !
            </span>
          ) : null}
        </button>
        <p className={styles.brand}>Admin Panel</p>
        {viewer ? (
          <div className={styles.user}>
            <NavLink to="/admin/account" className={styles.account} title="Your account">
              <AccountIcon className={styles.icon} />
              <span className={styles.userName}>{viewer.name}</span>
              <span className={styles.role}>{viewer.role === "admin" ? "Admin" : "Editor"}</span>
            </NavLink>
            {/* Signing out also removes this browser's copies of unsaved forms (ADR 040). */}
            <form method="post" action="/admin/logout" onSubmit={forgetAllDrafts}>
              <button type="submit" className={styles.logout}>
                <LogoutIcon className={styles.icon} />
                Logout
              </button>
            </form>
          </div>
        ) : null}
      </header>
      <nav id={NAV_ID} ref={navRef} popover="auto" aria-label="Admin sections" className={styles.sidebar}>
        <div className={styles.sidebarHead}>
          <span className={styles.sidebarTitle}>Menu</span>
          <button type="button" className={styles.closeButton} popoverTarget={NAV_ID} popoverTargetAction="hide" aria-label="Close menu">
            <CloseIcon className={styles.icon} />
          </button>
        </div>
        <ul className={styles.links}>
          {links
            .filter((link) => isAdmin || !link.adminOnly)
            .map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink to={to} className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ""}`}>
                  <Icon className={styles.icon} />
                  {label}
                  {to === "/admin/dashboard" && mailFailure ? (
                    <span className={styles.alertMark} title={mailFailure}>
                      !<span className="visually-hidden"> E-mails are failing</span>
                    </span>
                  ) : null}
                  {to === "/admin/enquiries" && newEnquiries ? (
                    <span className={styles.count}>
                      {newEnquiries}
                      <span className="visually-hidden"> new or due today</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <main id="admin-main" tabIndex={-1} className={styles.main}>
        <NoticeArea initial={notice ?? null}>{children}</NoticeArea>
      </main>
    </div>
  );
}
