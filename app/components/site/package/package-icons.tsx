import { SvgIcon as Icon, type IconProps } from "~/components/ui/svg-icon";
import type { FeatureKey } from "~/lib/package-view-model";

/** Line icons of the package page; decorative, the text beside them names the thing. */
export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2.5" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function CrossIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19h14" />
    </Icon>
  );
}

const FEATURE_PATHS: Record<FeatureKey, React.ReactNode> = {
  accommodation: (
    <>
      <path d="M3 19V6M3 15h18v4M21 15v-3a3 3 0 0 0-3-3h-7v6" />
      <circle cx="7" cy="11" r="2" />
    </>
  ),
  flights: <path d="M10.5 13.5 4 11l1.5-1.5 7 1 4-4a1.8 1.8 0 0 1 2.5 2.5l-4 4 1 7L14.5 21.5 12 15l-3 3v2.5L7.5 22l-1-3.5L3 17.5 4.5 16H7z" />,
  guide: (
    <>
      <circle cx="12" cy="7" r="3.5" />
      <path d="M5 21v-2a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v2M12 13v4" />
    </>
  ),
  meals: <path d="M6 3v8a2 2 0 0 0 4 0V3M8 11v10M16 21V3c-2 1-3 3.5-3 7v3h3" />,
  activities: (
    <>
      <path d="m3 20 6.5-11 4 6.5 2.5-4L21 20z" />
      <circle cx="17" cy="5.5" r="2" />
    </>
  ),
};

export function FeatureIcon({ feature, className }: { feature: FeatureKey; className?: string }) {
  return <Icon className={className}>{FEATURE_PATHS[feature]}</Icon>;
}
