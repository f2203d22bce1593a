import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "./icons";
import { MAIN_NAV } from "./nav-links";
import styles from "./site-header.module.css";

type SiteHeaderProps = {
  brandName: string;
  /** The home route's own style: transparent, light text, laid over the hero. */
  overHero: boolean;
};

/**
 * The navbar. Below the desktop breakpoint the links fold into a menu that is
 * an HTML popover: the button opens it before the scripts have loaded (ADR
 * 019), and the browser closes it on Escape (focus back to the button) and on
 * a click outside, and exposes the button's expanded state. Once hydrated,
 * the button also carries aria-expanded, and a link click or a navigation
 * closes the menu.
 */
export function SiteHeader({ brandName, overHero }: SiteHeaderProps) {
  // null until hydrated: the server HTML leaves the expanded state to the browser's popover mapping.
  const [open, setOpen] = useState<boolean | null>(null);
  const menuId = useId();
  const menuRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // A menu opened before hydration stays open, and its state is now known.
  useEffect(() => {
    const menu = menuRef.current;
    setOpen(!!menu && supportsPopover(menu) && menu.matches(":popover-open"));
  }, []);

  // Any navigation (including back/forward) closes the menu; hydration itself does not.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hideMenu(menuRef.current, setOpen);
  }, [pathname]);

  return (
    <header className={`${styles.header} ${overHero ? styles.overHero : styles.solid}`}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={`${brandName}, home`}>
          <BrandMark />
          <span>{brandName}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <button
            type="button"
            className={styles.toggle}
            popoverTarget={menuId}
            aria-expanded={open ?? undefined}
            aria-controls={menuId}
            onClick={() => {
              // Browsers without popover (before Chrome 114, Safari 17, Firefox 125) open it once hydrated.
              const menu = menuRef.current;
              if (menu && !supportsPopover(menu)) setOpen(menu.toggleAttribute("data-open"));
            }}
          >
            <MenuIcon className={styles.menuIcon} />
            <CloseIcon className={styles.closeIcon} />
            <span className="visually-hidden">Menu</span>
          </button>
          <ul ref={menuRef} id={menuId} popover="auto" className={styles.links} onToggle={(event) => setOpen(event.newState === "open")}>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ""}`}
                  onClick={() => hideMenu(menuRef.current, setOpen)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function supportsPopover(menu: HTMLElement): boolean {
  return "showPopover" in menu;
}

function hideMenu(menu: HTMLElement | null, setOpen: (open: boolean) => void) {
  if (!menu) return;
  if (!supportsPopover(menu)) {
    menu.removeAttribute("data-open");
    setOpen(false);
  } else if (menu.matches(":popover-open")) menu.hidePopover();
}

/** The brand's mark: a sun setting over a green hill. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={`${styles.mark} ${className ?? ""}`} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="var(--color-accent)" />
      <circle cx="16" cy="14" r="5" fill="#ffd27a" />
      <path d="M3 22c4-5 8-6 13-3s9 2 13-2v4a13 13 0 0 1-26 1z" fill="#0b4f35" />
    </svg>
  );
}
