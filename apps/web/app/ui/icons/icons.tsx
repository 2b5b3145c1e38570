import { drawings } from './drawings';

/**
 * The icon set of Chrysos Casino: 24×24 line icons drawn in currentColor, so they take the colour of
 * the text around them. The names are here, the drawings in drawings.ts, in the same chunk: the
 * header and the home page draw icons on every first load, and fetching the drawings apart cost a
 * request and a second pass of hydration over every icon (issue 20).
 */
export const iconNames = [
  'home',
  'menu',
  'close',
  'search',
  'arrow-left',
  'arrow-right',
  'arrow-up',
  'arrow-down',
  'chevron-left',
  'chevron-right',
  'chevron-up',
  'chevron-down',
  'external-link',
  'plus',
  'minus',
  'check',
  'info',
  'warning',
  'error',
  'question',
  'filter',
  'sort',
  'grid',
  'list',
  'settings',
  'logout',
  'login',
  'user',
  'user-plus',
  'users',
  'lock',
  'unlock',
  'eye',
  'eye-off',
  'mail',
  'phone',
  'chat',
  'bell',
  'heart',
  'heart-filled',
  'star',
  'star-filled',
  'share',
  'copy',
  'download',
  'upload',
  'refresh',
  'clock',
  'calendar',
  'globe',
  'language',
  'fullscreen',
  'fullscreen-exit',
  'volume',
  'volume-off',
  'play',
  'pause',
  'history',
  'shield',
  'shield-check',
  'document',
  'id-card',
  'camera',
  'trash',
  'edit',
  'slots',
  'classic-slots',
  'roulette',
  'blackjack',
  'dice',
  'cards',
  'jackpot',
  'trophy',
  'medal',
  'crown',
  'gift',
  'lootbox',
  'wheel',
  'ticket',
  'coins',
  'poker-chip',
  'wallet',
  'deposit',
  'withdraw',
  'comp-points',
  'percent',
  'free-spins',
  'fire',
  'sparkles',
  'providers',
  'promotions',
  'tournament',
  'vip',
  'favorites',
  'recent',
  'rocket',
  'target',
  'live',
  'support',
  'faq',
  'mobile',
  'android',
  'apple',
  'age-18',
  'cookie',
  'credit-card',
  'bank',
  'bank-transfer',
  'bitcoin',
  'ethereum',
  'tether',
  'litecoin',
  'visa',
  'mastercard',
  'skrill',
  'neteller',
  'paysafecard',
  'apple-pay',
  'google-pay',
  'google',
  'facebook',
  'telegram',
  'x-twitter',
  'instagram',
  'youtube',
  'whatsapp',
  'discord',
  'bell-dot',
  'recent-games',
] as const;
export type IconName = (typeof iconNames)[number];

const known = new Set<string>(iconNames);

export function isIconName(value: string): value is IconName {
  return known.has(value);
}

function Drawing({ name }: { name: IconName }) {
  return drawings[name].split('|').map((spec) => <Part key={spec} spec={spec} />);
}

/** One part of a drawing: a stroked path, a filled path (`F:`) or a filled dot (`•x,y,r`). */
function Part({ spec }: { spec: string }) {
  if (spec.startsWith('•')) {
    const [cx, cy, r] = spec.slice(1).split(',').map(Number);
    return <circle cx={cx} cy={cy} r={r} fill="currentColor" stroke="none" />;
  }
  if (spec.startsWith('F:')) return <path d={spec.slice(2)} fill="currentColor" stroke="none" />;
  return <path d={spec} />;
}

export function Icon({
  name,
  size = 24,
  title,
  className,
}: {
  name: IconName;
  size?: number;
  title?: string;
  className?: string;
}) {
  const labelled = title ? { role: 'img' as const } : { 'aria-hidden': true as const };
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless titled; then it has role img and a <title>
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...labelled}
    >
      {title ? <title>{title}</title> : null}
      <Drawing name={name} />
    </svg>
  );
}
