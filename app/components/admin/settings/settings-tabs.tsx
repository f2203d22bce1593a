import { Link } from "react-router";
import styles from "./settings-tabs.module.css";

const TABS = [
  { key: "site", to: "/admin/settings", label: "Site settings" },
  {
    key: "business",
    to: "/admin/settings/business",
    label: "Business and tax",
  },
] as const;

/** The two settings screens, one link each; the current one is marked for assistive technology too. */
export function SettingsTabs({ current }: { current: (typeof TABS)[number]["key"] }) {
  return (
    <nav className={styles.tabs} aria-label="Settings">
      {TABS.map((tab) => (
        <Link key={tab.key} to={tab.to} className={styles.tab} aria-current={tab.key === current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
