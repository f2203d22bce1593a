/** Props of every icon: decorative, the link or text next to it carries the name. */
export type IconProps = { className?: string };

/** The 24×24 line-icon frame shared by all icons (`filled` for solid brand marks). */
export function SvgIcon({ className, children, filled = false }: IconProps & { children: React.ReactNode; filled?: boolean }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
