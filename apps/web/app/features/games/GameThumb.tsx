import { useCallback, useState } from 'react';
import { optimisedUrl } from '../../ui/Picture';
import '../../styles/games.css';

/** Widths the optimiser is asked for; the browser picks by the card's drawn width and the screen density. */
const thumbnailWidths = [160, 240, 320, 480, 640];

export function thumbnailSrcSet(src: string, drawnWidth: number): { src: string; srcSet: string } {
  const fits = thumbnailWidths.find((width) => width >= drawnWidth) ?? drawnWidth;
  const widths = thumbnailWidths.filter((width) => width <= drawnWidth * 2);
  if (!widths.includes(fits)) widths.push(fits);
  const url = (width: number) => optimisedUrl(src, { w: width, f: 'webp' });
  return {
    src: url(fits),
    srcSet: widths.map((width) => `${url(width)} ${width}w`).join(', '),
  };
}

/**
 * A game's artwork through the image optimiser (`/_ipx/w_…,f_webp<thumbnail>`), 4:3, lazily loaded
 * unless it is among the first cards. Behind it the title's initials on the brand gradient, which is
 * all that shows when an artwork cannot be loaded — never a broken-image icon.
 */
export function GameThumb({
  src,
  title,
  sizes,
  drawnWidth = 240,
  priority = false,
}: {
  src: string;
  title: string;
  sizes: string;
  drawnWidth?: number;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // An image that failed before the page was hydrated fired its error event unheard.
  const check = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailed(true);
  }, []);
  const initials = title
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  const { src: url, srcSet } = thumbnailSrcSet(src, drawnWidth);
  return (
    <span className="game-thumb" data-failed={failed || undefined}>
      <span className="game-thumb__fallback" aria-hidden="true">
        {initials}
      </span>
      {failed ? null : (
        <img
          ref={check}
          className="game-thumb__image"
          src={url}
          srcSet={srcSet}
          sizes={sizes}
          alt=""
          width={320}
          height={240}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
