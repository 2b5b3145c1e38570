import type { BlackjackView } from '../math/blackjack.ts';
import type { ClassicSlotView } from '../math/classic-slot.ts';
import type { DiceView } from '../math/dice.ts';
import type { RouletteView } from '../math/roulette.ts';
import type { VideoSlotView } from '../math/video-slot.ts';
import { cardName, describeBet, handLabel, handResult, specOfViewBet } from './describe.ts';
import type { Translate } from './i18n.ts';
import { engineOfView } from './verification.ts';

/**
 * A round's outcome in a few lines, from its view alone: what the verifier recomputed, or a round
 * of the history. Used by the game's verification panel and the casino's /provably-fair page.
 */
export function OutcomeSummary({
  view,
  t,
  money,
  symbolName,
}: {
  view: unknown;
  t: Translate;
  money: (minor: number) => string;
  symbolName?: (symbol: string) => string;
}) {
  const name = symbolName ?? ((symbol: string) => symbol);
  switch (engineOfView(view)) {
    case 'video-slot': {
      const slot = view as VideoSlotView;
      return (
        <div className="outcome">
          {slot.spins.map((spin, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: spins are in playing order
            <div key={index} className="outcome__spin">
              <h4>
                {index === 0 ? t('outcome.spin', { number: 1 }) : t('outcome.freeSpin', { number: index })}
              </h4>
              <SymbolGrid grid={spin.grid} name={name} />
              <p>
                {t('play.win')}: {money(spin.win)}
                {spin.freeSpinsAwarded > 0
                  ? ` · ${t('slot.retrigger', { spins: spin.freeSpinsAwarded })}`
                  : ''}
              </p>
            </div>
          ))}
          <p className="outcome__total">
            {t('verify.payout')}: <strong>{money(slot.total)}</strong>
          </p>
        </div>
      );
    }
    case 'classic-slot': {
      const slot = view as ClassicSlotView;
      return (
        <div className="outcome">
          <SymbolGrid grid={slot.grid} name={name} />
          <p className="outcome__total">
            {t('verify.payout')}: <strong>{money(slot.total)}</strong>
          </p>
        </div>
      );
    }
    case 'roulette': {
      const wheel = view as RouletteView;
      return (
        <div className="outcome">
          <p>
            {t('outcome.pocket')}:{' '}
            <strong className={`pocket-text pocket-text--${wheel.colour}`}>
              {t('roulette.result', { pocket: wheel.pocket, colour: t(`roulette.colour.${wheel.colour}`) })}
            </strong>
          </p>
          <ul className="outcome__list">
            {wheel.bets.map((bet, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bets are listed in the order placed
              <li key={index}>
                {t('roulette.onBet', { bet: describeBet(t, specOfViewBet(bet)), amount: money(bet.amount) })}:{' '}
                {bet.won ? t('roulette.betWon', { amount: money(bet.payout) }) : t('roulette.betLost')}
              </li>
            ))}
          </ul>
          <p className="outcome__total">
            {t('verify.payout')}: <strong>{money(wheel.total)}</strong>
          </p>
        </div>
      );
    }
    case 'blackjack': {
      const table = view as BlackjackView;
      return (
        <div className="outcome">
          <p>
            {t('outcome.dealer')}: {table.dealer.cards.map((card) => cardName(t, card)).join(', ')} (
            {handLabel(t, table.dealer)})
          </p>
          {table.hands.map((hand, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: hands in table order
            <p key={index}>
              {t('blackjack.hand', { number: index + 1 })}:{' '}
              {hand.cards.map((card) => cardName(t, card)).join(', ')} ({handLabel(t, hand)})
              {table.finished ? ` · ${handResult(t, money, hand) ?? ''}` : ''}
            </p>
          ))}
          <p className="outcome__total">
            {t('verify.payout')}: <strong>{table.finished ? money(table.total) : '–'}</strong>
          </p>
        </div>
      );
    }
    case 'dice': {
      const roll = view as DiceView;
      return (
        <div className="outcome">
          <p>
            {t('outcome.roll')}: <strong>{roll.roll.toFixed(2)}</strong> ·{' '}
            {t(roll.direction === 'under' ? 'dice.under' : 'dice.over')} {roll.target.toFixed(2)} ·{' '}
            {roll.won ? t('play.youWon', { amount: money(roll.total) }) : t('play.noWin')}
          </p>
        </div>
      );
    }
    default:
      return <pre className="outcome__raw">{JSON.stringify(view, null, 2)}</pre>;
  }
}

function SymbolGrid({
  grid,
  name,
}: {
  grid: readonly (readonly string[])[];
  name: (symbol: string) => string;
}) {
  const rows = grid[0]?.length ?? 0;
  return (
    <table className="outcome__grid">
      <tbody>
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of the window
          <tr key={row}>
            {grid.map((column, reel) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reels of the window
              <td key={reel}>{name(column[row] ?? '')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
