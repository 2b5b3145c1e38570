/** Line icons for the five game families of the Chrysos studio, drawn in the brand gold. */
export type GameFamily = 'videoSlots' | 'classicSlots' | 'roulette' | 'blackjack' | 'dice';

const paths: Record<GameFamily, React.ReactNode> = {
  videoSlots: (
    <>
      <rect x="4" y="8" width="40" height="30" rx="5" />
      <path d="M17 8v30M31 8v30" />
      <path d="M9 23l3-4 3 4M22 20h4l-3 7M36 19v8M34 21h4" />
      <path d="M44 14h2a2 2 0 0 1 2 2v6" />
    </>
  ),
  classicSlots: (
    <>
      <circle cx="15" cy="31" r="7" />
      <circle cx="31" cy="33" r="7" />
      <path d="M15 24c2-8 6-12 13-15M31 26c-1-7-2-12-3-17" />
      <path d="M28 9c4-2 8-1 11 2-4 2-8 2-11-2z" />
    </>
  ),
  roulette: (
    <>
      <circle cx="24" cy="24" r="19" />
      <circle cx="24" cy="24" r="11" />
      <circle cx="24" cy="24" r="3" />
      <path d="M24 5v8M24 35v8M5 24h8M35 24h8M10.6 10.6l5.6 5.6M31.8 31.8l5.6 5.6M37.4 10.6l-5.6 5.6M16.2 31.8l-5.6 5.6" />
    </>
  ),
  blackjack: (
    <>
      <rect x="6" y="10" width="22" height="31" rx="3" transform="rotate(-10 17 25)" />
      <rect x="20" y="7" width="22" height="31" rx="3" />
      <path d="M31 16c-4 4-6 6-6 8.5a3 3 0 0 0 6 .5 3 3 0 0 0 6-.5c0-2.5-2-4.5-6-8.5zM31 26v5" />
    </>
  ),
  dice: (
    <>
      <rect x="5" y="15" width="24" height="24" rx="4" />
      <path d="M23 9l14-4 6 20-8 2" />
      <circle cx="11" cy="21" r="1.6" />
      <circle cx="17" cy="27" r="1.6" />
      <circle cx="23" cy="33" r="1.6" />
      <circle cx="32" cy="12" r="1.4" />
      <circle cx="37" cy="19" r="1.4" />
    </>
  ),
};

export function GameFamilyIcon({ family }: { family: GameFamily }) {
  return (
    <svg
      className="family__icon"
      viewBox="0 0 48 48"
      width="44"
      height="44"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths[family]}
    </svg>
  );
}
