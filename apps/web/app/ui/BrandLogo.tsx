/** The logo variant a visitor sees: its pictures by use (from the `logos` collection). */
export interface LogoSet {
  defaultLink: string;
  compact: string;
  favicon: string;
  appleTouchIcon: string;
}

/**
 * The logo from the content store: 98×64, or the 64×64 compact mark when asked for or on phones
 * (spec §9).
 */
export function BrandLogo({ logo, compact = false, alt }: { logo: LogoSet; compact?: boolean; alt: string }) {
  if (compact) {
    return <img className="brand-logo" src={logo.compact} width={64} height={64} alt={alt} />;
  }
  return (
    <picture>
      <source media="(max-width: 767px)" srcSet={logo.compact} width={64} height={64} />
      <img
        className="brand-logo"
        src={logo.defaultLink}
        width={98}
        height={64}
        alt={alt}
        fetchPriority="high"
      />
    </picture>
  );
}
