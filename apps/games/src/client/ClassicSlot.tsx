import { useMemo } from 'react';
import type { ClassicSlotView } from '../math/classic-slot.ts';
import { classicSlotVariants } from '../math/classic-slot-variants.ts';
import { ClassicSymbol } from './art.tsx';
import type { GameContext } from './context.ts';
import { type MessageKey, messages } from './i18n.ts';
import { type SlotConfig, SlotGame } from './SlotGame.tsx';
import { classicSlotSpins } from './slot-timeline.ts';

/** Three reels of sevens, bars and cherries, on one line or five. */
export function ClassicSlot({ ctx }: { ctx: GameContext }) {
  const variant = classicSlotVariants[ctx.session.title.variant];
  const config = useMemo<SlotConfig<ClassicSlotView> | null>(
    () =>
      variant
        ? {
            strips: { base: variant.reels, free: variant.reels },
            rows: variant.rows,
            lines: variant.lines,
            toSpins: (view) => classicSlotSpins(view, variant.lines),
            renderSymbol: (symbol) => <ClassicSymbol symbol={symbol} />,
            symbolName: (symbol) => {
              const key = `symbol.${symbol}` as MessageKey;
              return key in messages.en ? ctx.t(key) : symbol;
            },
            className: `slot-game--classic slot-game--rows-${variant.rows}`,
          }
        : null,
    [variant, ctx.t],
  );
  if (!config) return <p className="studio-note">{ctx.t('app.unavailable')}</p>;
  return <SlotGame ctx={ctx} config={config} />;
}
