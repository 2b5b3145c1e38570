import { useCallback, useMemo } from 'react';
import { paylines, type VideoSlotView } from '../math/video-slot.ts';
import { videoSlotVariants } from '../math/video-slot-variants.ts';
import { SlotSymbol } from './art.tsx';
import type { GameContext } from './context.ts';
import { type MessageKey, messages, type Translate } from './i18n.ts';
import { type SlotConfig, SlotGame } from './SlotGame.tsx';
import { videoSlotSpins } from './slot-timeline.ts';

/** A video slot symbol's name in the title's theme (the top symbol is the title's emblem). */
export function videoSymbolName(t: Translate, symbol: string, emblem: string): string {
  if (symbol === 'high1') {
    const key = `emblem.${emblem}` as MessageKey;
    return key in messages.en ? t(key) : t('emblem.default');
  }
  const key = `symbol.${symbol}` as MessageKey;
  return key in messages.en ? t(key) : symbol;
}

/** Five reels, three rows: spins land reel by reel, wins light up line by line, free spins play out. */
export function VideoSlot({ ctx }: { ctx: GameContext }) {
  const { title } = ctx.session;
  const variant = videoSlotVariants[title.variant];
  const palette = useMemo(
    () => ({ accent: title.theme.accent, background: title.theme.background }),
    [title.theme],
  );
  const emblem = title.theme.symbol;
  const renderSymbol = useCallback(
    (symbol: string) => <SlotSymbol symbol={symbol} palette={palette} emblem={emblem} />,
    [palette, emblem],
  );
  const config = useMemo<SlotConfig<VideoSlotView> | null>(
    () =>
      variant
        ? {
            strips: variant.reels,
            rows: 3,
            lines: paylines.slice(0, variant.lines),
            toSpins: videoSlotSpins,
            renderSymbol,
            symbolName: (symbol) => videoSymbolName(ctx.t, symbol, emblem),
            feature: (view) =>
              view.feature
                ? { multiplier: view.feature.multiplier, win: view.feature.win, capped: view.feature.capped }
                : null,
            className: 'slot-game--video',
          }
        : null,
    [variant, renderSymbol, ctx.t, emblem],
  );
  if (!config) return <p className="studio-note">{ctx.t('app.unavailable')}</p>;
  return <SlotGame ctx={ctx} config={config} />;
}
