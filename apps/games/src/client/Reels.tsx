import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import type { Position } from '../math/video-slot.ts';

/**
 * Slot reels drawn from the real reel strips: while waiting for the outcome a reel loops its strip;
 * once the outcome is known each reel, when its time comes, runs down a stretch of the strip and
 * lands on its stop. With reduced motion the symbols just change in place.
 */

export type ReelState = 'idle' | 'spinning' | 'landing' | 'stopped';

export interface ReelsProps {
  strips: readonly (readonly string[])[];
  /** Stop of each reel (top row shows strip[stop]). */
  stops: readonly number[];
  rows: number;
  /** Per reel: spinning until the outcome arrives, then landing when its stop comes. */
  states: readonly ReelState[];
  renderSymbol: (symbol: string, key: string) => ReactNode;
  /** Cells of the win on show. */
  highlight: readonly Position[];
  /** The payline drawn over the reels, as the row on each reel. */
  line: readonly number[] | null;
  lineLabel?: string;
  reducedMotion: boolean;
  label: string;
  /** Text describing the symbols on screen, for assistive technology. */
  description: string;
  /** How long a landing takes. */
  landingMs?: number;
}

const landingLength = 14;

function Reel({
  strip,
  stop,
  rows,
  state,
  renderSymbol,
  highlighted,
  reducedMotion,
  landingMs,
  index,
}: {
  strip: readonly string[];
  stop: number;
  rows: number;
  state: ReelState;
  renderSymbol: ReelsProps['renderSymbol'];
  highlighted: ReadonlySet<number>;
  reducedMotion: boolean;
  landingMs: number;
  index: number;
}) {
  const column = useRef<HTMLDivElement>(null);
  // Top to bottom: the window, then the symbols the reel passes on its way down to it.
  const symbols = useMemo(() => {
    const length =
      state === 'landing' && !reducedMotion
        ? rows + landingLength
        : state === 'spinning' && !reducedMotion
          ? strip.length + rows
          : rows;
    return Array.from({ length }, (_, i) => strip[(stop + i) % strip.length] as string);
  }, [state, reducedMotion, rows, strip, stop]);

  useLayoutEffect(() => {
    const element = column.current;
    if (!element || reducedMotion || typeof element.animate !== 'function') return;
    const share = (count: number) => `${(-100 * count) / symbols.length}%`;
    if (state === 'spinning') {
      const animation = element.animate(
        [{ transform: `translateY(${share(strip.length)})` }, { transform: 'translateY(0)' }],
        {
          duration: Math.max(600, strip.length * 45),
          iterations: Number.POSITIVE_INFINITY,
          delay: index * 60,
        },
      );
      return () => animation.cancel();
    }
    if (state === 'landing') {
      const animation = element.animate(
        [
          { transform: `translateY(${share(landingLength)})`, filter: 'blur(2px)' },
          { transform: 'translateY(4%)', filter: 'blur(0)', offset: 0.86 },
          { transform: 'translateY(0)' },
        ],
        { duration: landingMs, easing: 'cubic-bezier(0.25, 0.8, 0.35, 1)', fill: 'backwards' },
      );
      return () => animation.cancel();
    }
    return undefined;
  }, [state, reducedMotion, strip.length, symbols.length, landingMs, index]);

  return (
    <div className={`reel reel--${state}`}>
      <div className="reel__strip" ref={column} style={{ height: `${(100 * symbols.length) / rows}%` }}>
        {symbols.map((symbol, row) => (
          <div
            // Positions in a strip are stable for a given state; the key follows them.
            // biome-ignore lint/suspicious/noArrayIndexKey: the strip is re-laid on each state change
            key={`${state}-${row}`}
            className={`reel__cell${row < rows && state !== 'spinning' && highlighted.has(row) ? ' reel__cell--win' : ''}`}
            style={{ height: `${100 / symbols.length}%` }}
          >
            {renderSymbol(symbol, `${index}-${row}`)}
          </div>
        ))}
      </div>
    </div>
  );
}

export function Reels(props: ReelsProps) {
  const { strips, stops, rows, states, renderSymbol, highlight, line, reducedMotion, label, description } =
    props;
  const byReel = useMemo(() => {
    const map = strips.map(() => new Set<number>());
    for (const position of highlight) map[position.reel]?.add(position.row);
    return map;
  }, [strips, highlight]);
  const reels = strips.length;
  return (
    <figure className="reels" aria-label={label} data-dim={highlight.length > 0 ? 'true' : undefined}>
      <p className="visually-hidden">{description}</p>
      <div
        className="reels__grid"
        style={{ gridTemplateColumns: `repeat(${reels}, 1fr)`, aspectRatio: `${reels} / ${rows}` }}
        aria-hidden="true"
      >
        {strips.map((strip, reel) => (
          <Reel
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed columns
            key={reel}
            index={reel}
            strip={strip}
            stop={stops[reel] ?? 0}
            rows={rows}
            state={states[reel] ?? 'idle'}
            renderSymbol={renderSymbol}
            highlighted={byReel[reel] ?? new Set()}
            reducedMotion={reducedMotion}
            landingMs={props.landingMs ?? 420}
          />
        ))}
        {line ? (
          <svg
            className="reels__line"
            viewBox={`0 0 ${reels * 10} ${rows * 10}`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <polyline
              points={line.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        ) : null}
      </div>
      {props.lineLabel ? <div className="reels__line-label">{props.lineLabel}</div> : null}
    </figure>
  );
}
