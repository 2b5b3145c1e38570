import type { ReactNode } from 'react';
import type { CardView } from '../math/blackjack.ts';

/**
 * The studio's artwork, drawn in SVG so the client needs no image or font files. Every drawing sits
 * in a 100 × 100 box (cards 60 × 84) and takes its colours from the title's theme.
 */

export interface Palette {
  accent: string;
  background: string;
}

const svg = (children: ReactNode, label?: string) => (
  <svg
    viewBox="0 0 100 100"
    className="art"
    role={label ? 'img' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
    focusable="false"
  >
    {children}
  </svg>
);

/** The title's emblem: the highest-paying symbol, and the art of its theme. */
export function Emblem({ kind, colour }: { kind: string; colour: string }) {
  const stroke = {
    stroke: colour,
    strokeWidth: 5,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    fill: 'none',
  };
  switch (kind) {
    case 'lightning-bolt':
      return (
        <polygon
          points="58,6 22,56 46,56 36,94 80,40 55,40 66,6"
          fill={colour}
          stroke="#0006"
          strokeWidth="2"
        />
      );
    case 'trident':
      return (
        <g {...stroke}>
          <path d="M50 94 V22" />
          <path d="M26 14 V34 Q26 48 50 48 Q74 48 74 34 V14" />
          <path d="M50 8 L44 22 H56 Z" fill={colour} />
          <path d="M26 14 l-5 10 M26 14 l5 10 M74 14 l-5 10 M74 14 l5 10" />
        </g>
      );
    case 'drachma-coin':
      return (
        <g>
          <circle cx="50" cy="50" r="40" fill={colour} stroke="#0005" strokeWidth="3" />
          <circle cx="50" cy="50" r="31" fill="none" stroke="#0004" strokeWidth="2" strokeDasharray="3 3" />
          <text x="50" y="64" textAnchor="middle" fontSize="40" fontWeight="900" fill="#0007">
            Δ
          </text>
        </g>
      );
    case 'olive-branch':
      return (
        <g>
          <path d="M18 86 Q50 58 84 14" {...stroke} stroke="#6b5a2e" />
          {[
            [32, 70, -40],
            [44, 58, 30],
            [56, 46, -40],
            [66, 34, 30],
            [76, 22, -40],
          ].map(([x, y, r]) => (
            <ellipse
              key={`${x}`}
              cx={x}
              cy={y}
              rx="13"
              ry="5"
              transform={`rotate(${r} ${x} ${y})`}
              fill={colour}
            />
          ))}
          <circle cx="40" cy="76" r="6" fill="#3d4a1f" />
          <circle cx="62" cy="56" r="6" fill="#3d4a1f" />
        </g>
      );
    case 'amphora':
      return (
        <g>
          <path
            d="M40 10 H60 V20 Q60 26 68 32 Q82 44 76 66 Q70 86 50 92 Q30 86 24 66 Q18 44 32 32 Q40 26 40 20 Z"
            fill={colour}
            stroke="#0005"
            strokeWidth="2"
          />
          <path d="M40 22 Q22 22 28 42 M60 22 Q78 22 72 42" {...stroke} strokeWidth={4} />
          <path d="M28 58 H72" stroke="#0006" strokeWidth="4" />
          <path d="M32 66 H68" stroke="#0004" strokeWidth="3" />
        </g>
      );
    case 'bull-head':
      return (
        <g>
          <path d="M20 22 Q14 40 34 42 M80 22 Q86 40 66 42" {...stroke} strokeWidth={7} />
          <path
            d="M30 38 Q50 30 70 38 Q72 60 62 80 Q50 90 38 80 Q28 60 30 38 Z"
            fill={colour}
            stroke="#0005"
            strokeWidth="2"
          />
          <circle cx="41" cy="52" r="4" fill="#0008" />
          <circle cx="59" cy="52" r="4" fill="#0008" />
          <ellipse cx="50" cy="74" rx="10" ry="6" fill="#0003" />
        </g>
      );
    case 'dolphin':
      return (
        <g>
          <path
            d="M12 62 Q30 26 66 28 Q80 28 88 36 Q78 38 74 44 Q60 40 48 50 L54 62 L40 56 Q28 64 22 76 Z"
            fill={colour}
            stroke="#0005"
            strokeWidth="2"
          />
          <path d="M54 30 L60 14 L66 30" fill={colour} />
          <circle cx="74" cy="34" r="2.5" fill="#0009" />
          <path d="M20 84 Q40 76 60 84 T96 84" {...stroke} strokeWidth={3} />
        </g>
      );
    case 'constellation': {
      const stars = [
        [16, 70],
        [34, 52],
        [52, 60],
        [64, 36],
        [84, 22],
        [78, 62],
      ];
      return (
        <g>
          <polyline
            points={stars.map((p) => p.join(',')).join(' ')}
            fill="none"
            stroke={colour}
            strokeWidth="2"
            opacity="0.7"
          />
          {stars.map(([x, y]) => (
            <path
              key={`${x}-${y}`}
              d={`M${x} ${(y as number) - 8} L${(x as number) + 2.5} ${(y as number) - 2.5} L${(x as number) + 8} ${y} L${(x as number) + 2.5} ${(y as number) + 2.5} L${x} ${(y as number) + 8} L${(x as number) - 2.5} ${(y as number) + 2.5} L${(x as number) - 8} ${y} L${(x as number) - 2.5} ${(y as number) - 2.5} Z`}
              fill={colour}
            />
          ))}
        </g>
      );
    }
    case 'double-headed-eagle':
      return (
        <g fill={colour} stroke="#0005" strokeWidth="2">
          <path d="M50 34 Q38 30 34 18 Q44 20 50 28 Q56 20 66 18 Q62 30 50 34 Z" />
          <circle cx="34" cy="20" r="7" />
          <circle cx="66" cy="20" r="7" />
          <path d="M50 34 Q30 34 8 28 Q14 52 36 56 Q40 72 50 86 Q60 72 64 56 Q86 52 92 28 Q70 34 50 34 Z" />
          <path d="M40 86 L50 94 L60 86" fill="none" />
        </g>
      );
    case 'owl':
      return (
        <g>
          <path
            d="M26 30 L32 14 L42 26 Q50 22 58 26 L68 14 L74 30 Q84 54 74 76 Q62 92 50 92 Q38 92 26 76 Q16 54 26 30 Z"
            fill={colour}
            stroke="#0005"
            strokeWidth="2"
          />
          <circle cx="38" cy="44" r="11" fill="#fff" />
          <circle cx="62" cy="44" r="11" fill="#fff" />
          <circle cx="38" cy="44" r="5" fill="#1b1b1b" />
          <circle cx="62" cy="44" r="5" fill="#1b1b1b" />
          <path d="M46 56 L50 64 L54 56 Z" fill="#d98e2b" />
          <path d="M36 74 Q50 80 64 74" fill="none" stroke="#0004" strokeWidth="3" />
        </g>
      );
    case 'windmill':
      return (
        <g>
          <path d="M38 92 L42 44 H58 L62 92 Z" fill="#f4f1ea" stroke="#0005" strokeWidth="2" />
          <path d="M40 44 Q50 32 60 44 Z" fill={colour} />
          <g stroke={colour} strokeWidth="4">
            {[0, 90, 180, 270].map((angle) => (
              <g key={angle} transform={`rotate(${angle + 20} 50 38)`}>
                <line x1="50" y1="38" x2="50" y2="6" />
                <path d="M50 8 L64 10 L62 30 L50 30 Z" fill={colour} fillOpacity="0.5" strokeWidth="1.5" />
              </g>
            ))}
          </g>
          <circle cx="50" cy="38" r="4" fill="#333" />
          <rect x="46" y="74" width="8" height="18" fill="#2b7a9b" />
        </g>
      );
    case 'golden-fleece':
      return (
        <g fill={colour} stroke="#0004" strokeWidth="2">
          {[
            [30, 40],
            [50, 34],
            [70, 40],
            [24, 58],
            [44, 54],
            [62, 56],
            [78, 58],
            [36, 72],
            [56, 74],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="13" />
          ))}
          <path d="M44 20 Q50 10 56 20" fill="none" strokeWidth="4" />
        </g>
      );
    default:
      return (
        <g>
          <polygon points="50,8 86,38 50,92 14,38" fill={colour} stroke="#0005" strokeWidth="2" />
          <polygon points="50,8 64,38 50,92 36,38" fill="#fff3" />
          <line x1="14" y1="38" x2="86" y2="38" stroke="#0004" strokeWidth="2" />
        </g>
      );
  }
}

const letterColours: Record<string, string> = {
  low1: '#e25c5c',
  low2: '#4f8fe0',
  low3: '#a472e0',
  low4: '#3db87d',
  low5: '#e6a23c',
};
const letters: Record<string, string> = { low1: 'A', low2: 'K', low3: 'Q', low4: 'J', low5: '10' };

/** A video slot symbol in the title's theme; `label` makes it an image for assistive technology. */
export function SlotSymbol({
  symbol,
  palette,
  emblem,
  label,
}: {
  symbol: string;
  palette: Palette;
  emblem: string;
  label?: string;
}) {
  switch (symbol) {
    case 'wild':
      return svg(
        <g>
          <rect
            x="6"
            y="18"
            width="88"
            height="64"
            rx="12"
            fill={palette.accent}
            stroke="#fff8"
            strokeWidth="3"
          />
          <rect x="12" y="24" width="76" height="52" rx="8" fill="none" stroke="#0004" strokeWidth="2" />
          <text
            x="50"
            y="62"
            textAnchor="middle"
            fontSize="30"
            fontWeight="900"
            fill="#1a1208"
            letterSpacing="1"
          >
            WILD
          </text>
        </g>,
        label,
      );
    case 'scatter':
      return svg(
        <g>
          <circle cx="50" cy="50" r="44" fill="#7a1f8f" stroke="#fff8" strokeWidth="3" />
          <polygon
            points={Array.from({ length: 16 }, (_, i) => {
              const r = i % 2 === 0 ? 40 : 18;
              const angle = (Math.PI * 2 * i) / 16 - Math.PI / 2;
              return `${50 + r * Math.cos(angle)},${50 + r * Math.sin(angle)}`;
            }).join(' ')}
            fill="#ffd34d"
          />
          <circle cx="50" cy="50" r="11" fill="#fff6d0" />
        </g>,
        label,
      );
    case 'high1':
      return svg(
        <g>
          <circle cx="50" cy="50" r="47" fill="#0003" />
          <Emblem kind={emblem} colour={palette.accent} />
        </g>,
        label,
      );
    case 'high2':
      return svg(
        <g>
          <path
            d="M24 86 V46 Q24 12 52 12 Q80 12 80 46 V62 H62 V48 Q62 40 56 40 H50 V70 Q50 80 40 86 Z"
            fill="#c98b3a"
            stroke="#5a3a12"
            strokeWidth="3"
          />
          <path d="M36 12 Q50 -2 70 10 Q56 10 52 16" fill="#b8322b" />
          <path d="M30 30 Q52 22 76 34" fill="none" stroke="#5a3a12" strokeWidth="3" />
        </g>,
        label,
      );
    case 'high3':
      return svg(
        <g>
          {[-1, 1].map((side) =>
            Array.from({ length: 7 }, (_, i) => {
              // Each branch climbs from the bottom of the wreath round to the top.
              const angle = Math.PI * (0.94 - i * 0.12);
              const x = 50 + side * 34 * Math.sin(angle);
              const y = 52 - 34 * Math.cos(angle);
              const tangent = (Math.atan2(-Math.sin(angle), -Math.cos(angle) * side) * 180) / Math.PI;
              return (
                <ellipse
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed leaves of a drawing
                  key={`${side}-${i}`}
                  cx={x}
                  cy={y}
                  rx="10"
                  ry="4.5"
                  transform={`rotate(${tangent + 25 * side} ${x} ${y})`}
                  fill={i % 2 ? '#8fb34a' : '#b7cf5c'}
                />
              );
            }),
          )}
          <path d="M42 88 Q50 80 58 88" fill="none" stroke="#c9a227" strokeWidth="4" strokeLinecap="round" />
        </g>,
        label,
      );
    case 'high4':
      return svg(
        <g>
          <path
            d="M30 20 Q16 50 36 84 H64 Q84 50 70 20"
            fill="none"
            stroke="#d9b45a"
            strokeWidth="7"
            strokeLinecap="round"
          />
          <path d="M26 24 H74" stroke="#8c6d3f" strokeWidth="6" strokeLinecap="round" />
          {[40, 47, 53, 60].map((x) => (
            <line key={x} x1={x} y1="24" x2={x} y2="80" stroke="#f3e7c3" strokeWidth="2" />
          ))}
          <rect x="34" y="78" width="32" height="8" rx="3" fill="#8c6d3f" />
        </g>,
        label,
      );
    default: {
      const colour = letterColours[symbol] ?? '#ccc';
      const letter = letters[symbol] ?? '?';
      return svg(
        <text
          x="50"
          y={letter.length > 1 ? 68 : 72}
          textAnchor="middle"
          fontSize={letter.length > 1 ? 50 : 64}
          fontWeight="900"
          fontFamily="Georgia, 'Times New Roman', serif"
          fill={colour}
          stroke="#0008"
          strokeWidth="2.5"
          paintOrder="stroke"
        >
          {letter}
        </text>,
        label,
      );
    }
  }
}

/** A classic fruit-machine symbol. */
export function ClassicSymbol({ symbol, label }: { symbol: string; label?: string }) {
  const bar = (y: number, key: number) => (
    <g key={key}>
      <rect x="14" y={y} width="72" height="20" rx="4" fill="#1b1b1b" stroke="#f2f2f2" strokeWidth="2" />
      <text
        x="50"
        y={y + 16}
        textAnchor="middle"
        fontSize="16"
        fontWeight="900"
        fill="#f2f2f2"
        letterSpacing="2"
      >
        BAR
      </text>
    </g>
  );
  switch (symbol) {
    case 'seven':
      return svg(
        <text
          x="50"
          y="82"
          textAnchor="middle"
          fontSize="88"
          fontWeight="900"
          fontFamily="Georgia, 'Times New Roman', serif"
          fill="#e02b2b"
          stroke="#ffd54a"
          strokeWidth="4"
          paintOrder="stroke"
        >
          7
        </text>,
        label,
      );
    case 'triple-bar':
      return svg(<g>{[14, 40, 66].map((y, i) => bar(y, i))}</g>, label);
    case 'double-bar':
      return svg(<g>{[26, 54].map((y, i) => bar(y, i))}</g>, label);
    case 'bar':
      return svg(bar(40, 0), label);
    case 'cherry':
      return svg(
        <g>
          <path
            d="M34 66 Q40 34 66 14 M66 66 Q62 36 66 14"
            fill="none"
            stroke="#3d7a2b"
            strokeWidth="5"
            strokeLinecap="round"
          />
          <path d="M66 14 Q80 10 84 22 Q72 26 66 14 Z" fill="#4fa33a" />
          <circle cx="32" cy="72" r="16" fill="#d41e3a" stroke="#7a0f1f" strokeWidth="2" />
          <circle cx="66" cy="72" r="16" fill="#d41e3a" stroke="#7a0f1f" strokeWidth="2" />
          <circle cx="27" cy="66" r="4" fill="#fff8" />
          <circle cx="61" cy="66" r="4" fill="#fff8" />
        </g>,
        label,
      );
    default:
      return svg(<g />, label);
  }
}

const suitPaths: Record<CardView['suit'], string> = {
  spades:
    'M30 8 C22 20 10 28 10 40 C10 48 18 52 26 48 C24 56 22 60 18 64 H42 C38 60 36 56 34 48 C42 52 50 48 50 40 C50 28 38 20 30 8 Z',
  hearts:
    'M30 60 C18 48 8 40 8 28 C8 18 16 12 23 12 C27 12 30 15 30 18 C30 15 33 12 37 12 C44 12 52 18 52 28 C52 40 42 48 30 60 Z',
  diamonds: 'M30 6 L52 34 L30 62 L8 34 Z',
  clubs:
    'M30 8 C38 8 43 14 43 21 C43 25 41 28 39 30 C41 29 43 28 46 28 C53 28 57 34 57 40 C57 47 52 52 45 52 C40 52 36 49 34 45 C34 52 36 58 40 64 H20 C24 58 26 52 26 45 C24 49 20 52 15 52 C8 52 3 47 3 40 C3 34 7 28 14 28 C17 28 19 29 21 30 C19 28 17 25 17 21 C17 14 22 8 30 8 Z',
};

const suitColour = (suit: CardView['suit']) =>
  suit === 'hearts' || suit === 'diamonds' ? '#c8102e' : '#161616';

/** A suit pip in a 60 × 68 box. */
export function SuitPip({
  suit,
  x,
  y,
  size,
}: {
  suit: CardView['suit'];
  x: number;
  y: number;
  size: number;
}) {
  return (
    <path
      d={suitPaths[suit]}
      fill={suitColour(suit)}
      transform={`translate(${x} ${y}) scale(${size / 60})`}
    />
  );
}

/** A playing card, face up or down. */
export function PlayingCard({
  card,
  label,
  faceDown,
}: {
  card?: CardView;
  label: string;
  faceDown?: boolean;
}) {
  if (faceDown || !card) {
    return (
      <svg viewBox="0 0 60 84" className="card-art" role="img" aria-label={label} focusable="false">
        <rect x="1" y="1" width="58" height="82" rx="5" fill="#7a1f2b" stroke="#fff" strokeWidth="2" />
        <rect x="6" y="6" width="48" height="72" rx="3" fill="none" stroke="#e6c068" strokeWidth="1.5" />
        <path d="M6 6 L54 78 M54 6 L6 78 M30 6 V78 M6 42 H54" stroke="#e6c06855" strokeWidth="1" />
        <circle cx="30" cy="42" r="9" fill="#e6c068" />
      </svg>
    );
  }
  const colour = suitColour(card.suit);
  return (
    <svg viewBox="0 0 60 84" className="card-art" role="img" aria-label={label} focusable="false">
      <rect x="1" y="1" width="58" height="82" rx="5" fill="#fdfcf8" stroke="#0003" strokeWidth="1" />
      <text x="5" y="17" fontSize="15" fontWeight="800" fill={colour} fontFamily="Georgia, serif">
        {card.rank}
      </text>
      <SuitPip suit={card.suit} x={6} y={20} size={10} />
      <g transform="rotate(180 30 42)">
        <text x="5" y="17" fontSize="15" fontWeight="800" fill={colour} fontFamily="Georgia, serif">
          {card.rank}
        </text>
        <SuitPip suit={card.suit} x={6} y={20} size={10} />
      </g>
      <SuitPip suit={card.suit} x={15} y={26} size={30} />
      {['J', 'Q', 'K'].includes(card.rank) ? (
        <rect
          x="13"
          y="22"
          width="34"
          height="40"
          rx="3"
          fill="none"
          stroke={colour}
          strokeWidth="1.2"
          opacity="0.6"
        />
      ) : null}
    </svg>
  );
}
