import type { LogoSet } from '../content/chrome.server';

/** The logo from the content store: 98×64, or 64×64 when compact (spec §9). */
export function BrandLogo({ logo, compact = false, alt }: { logo: LogoSet; compact?: boolean; alt: string }) {
  return (
    <img
      className="brand-logo"
      src={compact ? logo.compact : logo.defaultLink}
      width={compact ? 64 : 98}
      height={64}
      alt={alt}
      fetchPriority="high"
    />
  );
}
