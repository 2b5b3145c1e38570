/** A point on the circle of radius `r` at `degrees` clockwise from the top. */
function point(r: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [100 + r * Math.cos(radians), 100 + r * Math.sin(radians)];
}

function wedge(index: number, count: number): string {
  const span = 360 / count;
  const [x1, y1] = point(96, index * span);
  const [x2, y2] = point(96, (index + 1) * span);
  return `M100 100 L${x1.toFixed(3)} ${y1.toFixed(3)} A96 96 0 0 1 ${x2.toFixed(3)} ${y2.toFixed(3)} Z`;
}

/** The turn (degrees) that brings sector `index`'s middle under the pointer at the top, from `from`. */
export function turnTo(from: number, index: number, count: number, fullTurns = 6): number {
  const middle = (index + 0.5) * (360 / count);
  const wanted = (360 - middle) % 360;
  const now = ((from % 360) + 360) % 360;
  return from + fullTurns * 360 + ((wanted - now + 360) % 360);
}

/**
 * The wheel from the content's sectors (sector 0 at the top, clockwise), the no-win sector greyed and
 * the secret one starred; turned by `rotation` degrees, with the pointer fixed above it.
 */
export function WheelDisc({
  sectors,
  noWinSector,
  secretSector,
  rotation,
  spinning,
  landed,
  onTurned,
}: {
  sectors: string[];
  noWinSector: number;
  secretSector: number;
  rotation: number;
  spinning: boolean;
  /** The sector landed on, highlighted once the wheel stops. */
  landed: number | null;
  onTurned?: () => void;
}) {
  const count = sectors.length;
  const span = 360 / count;
  return (
    <div className="wheel-disc" data-wheel-sectors={count}>
      <svg viewBox="0 0 200 200" role="img" aria-label={sectors.join(', ')}>
        <g
          className={spinning ? 'wheel-disc__rotor wheel-disc__rotor--spinning' : 'wheel-disc__rotor'}
          style={{ transform: `rotate(${rotation}deg)` }}
          onTransitionEnd={onTurned}
          data-wheel-rotation={rotation}
        >
          {sectors.map((label, index) => {
            const kind =
              index === noWinSector ? 'none' : index === secretSector ? 'secret' : index % 2 ? 'odd' : 'even';
            // Each label runs along its sector's radius, ending at the rim; on the left half it is turned
            // round so that it reads from the rim inwards rather than upside down.
            const middle = (index + 0.5) * span;
            const left = middle > 180;
            const [lx, ly] = point(91, middle);
            return (
              <g key={label + String(index)} data-sector={index}>
                <path
                  d={wedge(index, count)}
                  className={`wheel-disc__sector wheel-disc__sector--${kind}${landed === index && !spinning ? ' wheel-disc__sector--landed' : ''}`}
                />
                <text
                  x={lx}
                  y={ly}
                  className="wheel-disc__label"
                  textAnchor={left ? 'start' : 'end'}
                  dominantBaseline="middle"
                  transform={`rotate(${left ? middle + 90 : middle - 90} ${lx} ${ly})`}
                >
                  {index === secretSector ? `★ ${label}` : label}
                </text>
              </g>
            );
          })}
        </g>
        <circle cx="100" cy="100" r="14" className="wheel-disc__hub" />
        <path d="M92 0 L108 0 L100 16 Z" className="wheel-disc__pointer" />
      </svg>
    </div>
  );
}
