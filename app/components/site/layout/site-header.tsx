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
 * The navbar. Below the desktop breakpoint the links fold into a disclosure
 * menu: a button that names itself and exposes aria-expanded, closing on a
 * link click, on Escape (focus back to the button), on a click outside and
 * on navigation.
 */
export function SiteHeader({ brandName, overHero }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // Any navigation (including back/forward) closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <header className={`${styles.header} ${overHero ? styles.overHero : styles.solid}`}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={`${brandName}, home`}>
          <BrandMark />
          <span>{brandName}</span>
        </Link>
        <nav ref={navRef} aria-label="Main" className={styles.nav}>
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id={menuId} className={styles.links} data-open={open || undefined}>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ""}`}
                  onClick={() => setOpen(false)}
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
