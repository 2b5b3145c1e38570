import avifSmaller from './image-formats.json';

/**
 * Every content image goes through the image optimiser (`/_ipx`, spec §7): vector art is sent as it
 * is; raster art is offered as WebP — and AVIF where that is smaller (measured at build time by
 * scripts/image-formats.ts) — at several widths, with the original format as fallback.
 * Images below the fold load lazily; the largest image above the fold passes `priority`.
 */
const candidateWidths = [320, 480, 640, 800, 960, 1280, 1600, 1920];

export interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes?: string;
  /** The page's largest above-the-fold image: loaded first, never lazily. */
  priority?: boolean;
  quality?: number;
  className?: string;
  /** Offer AVIF; by default, when the build found it smaller than WebP for this image. */
  avif?: boolean;
}

export function optimisedUrl(src: string, modifiers: Record<string, string | number>): string {
  const list = Object.entries(modifiers)
    .map(([key, value]) => `${key}_${value}`)
    .join(',');
  return `/_ipx/${list}${src}`;
}

export function Picture({
  src,
  alt,
  width,
  height,
  sizes = '100vw',
  priority = false,
  quality = 75,
  className,
  avif = (avifSmaller as Record<string, boolean>)[src] ?? false,
}: PictureProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  if (src.endsWith('.svg')) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  }
  // Up to twice the drawn width, for high-density screens.
  const widths = candidateWidths.filter((candidate) => candidate <= width * 2);
  if (widths.length === 0) widths.push(width);
  const fallback = /\.jpe?g$/i.test(src) ? 'jpg' : 'png';
  const srcSet = (format: string) =>
    widths.map((w) => `${optimisedUrl(src, { f: format, w, q: quality })} ${w}w`).join(', ');
  return (
    <picture className={className}>
      {avif ? <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={optimisedUrl(src, { f: fallback, w: width, q: quality })}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
