/** The Chrysos mark: a gold drachma-like coin with the wordmark beside it. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true">
        <defs>
          <radialGradient id="logo-gold" cx="35%" cy="30%" r="75%">
            <stop offset="0" stopColor="#ffe6a6" />
            <stop offset="0.55" stopColor="#dda052" />
            <stop offset="1" stopColor="#9a6420" />
          </radialGradient>
        </defs>
        <circle cx="32" cy="32" r="30" fill="url(#logo-gold)" />
        <circle cx="32" cy="32" r="24" fill="none" stroke="#7a4c14" strokeWidth="2" strokeDasharray="3 3" />
        <path
          d="M40.5 22.5a12 12 0 1 0 0 19"
          fill="none"
          stroke="#4a2d08"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      {compact ? null : <span className="logo__word">Chrysos</span>}
    </span>
  );
}
