import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { pocketAngle, pocketColour, wheelOrder } from './roulette-board.ts';

/**
 * The European wheel, pockets in their real order. `spin()` starts it turning while the outcome is
 * awaited; `land(pocket)` brings the ball to rest in the pocket. Reduced motion: the wheel is shown
 * at rest with the ball in the pocket.
 */

export interface WheelHandle {
  spin(): void;
  /** Resolves when the ball has come to rest. */
  land(pocket: number): Promise<void>;
  /** Stops any motion (the round failed). */
  stop(): void;
}

const size = 200;
const centre = size / 2;
const pockets = wheelOrder.length;
const step = 360 / pockets;
const colours = { red: '#c62d2d', black: '#1c1c22', green: '#1f8a4c' } as const;

const point = (radius: number, degrees: number) => {
  const radians = (degrees * Math.PI) / 180;
  return [centre + radius * Math.sin(radians), centre - radius * Math.cos(radians)] as const;
};

function wedge(inner: number, outer: number, from: number, to: number): string {
  const [x1, y1] = point(outer, from);
  const [x2, y2] = point(outer, to);
  const [x3, y3] = point(inner, to);
  const [x4, y4] = point(inner, from);
  return `M${x1} ${y1} A${outer} ${outer} 0 0 1 ${x2} ${y2} L${x3} ${y3} A${inner} ${inner} 0 0 0 ${x4} ${y4} Z`;
}

const spinPeriod = 2600;

export function Wheel({
  ref,
  reducedMotion,
  label,
  pocket,
}: {
  ref: Ref<WheelHandle>;
  reducedMotion: boolean;
  label: string;
  /** The pocket the ball rests in, or null before the first spin. */
  pocket: number | null;
}) {
  const rotor = useRef<HTMLDivElement>(null);
  const orbit = useRef<HTMLDivElement>(null);
  const ball = useRef<HTMLDivElement>(null);
  const angle = useRef(0);
  const running = useRef<Animation[]>([]);
  const [ballVisible, setBallVisible] = useState(pocket !== null);

  const cancelAll = useCallback(() => {
    for (const animation of running.current) animation.cancel();
    running.current = [];
  }, []);

  const place = useCallback((wheelAngle: number, ballAngle: number, ballOnTrack: boolean) => {
    if (rotor.current) rotor.current.style.transform = `rotate(${wheelAngle}deg)`;
    if (orbit.current) orbit.current.style.transform = `rotate(${ballAngle}deg)`;
    if (ball.current) ball.current.style.transform = `translateY(${ballOnTrack ? 0 : 38}%)`;
  }, []);

  useEffect(() => {
    // The wheel at rest shows the last pocket under the ball.
    if (pocket !== null && running.current.length === 0) {
      angle.current = -pocketAngle(pocket);
      place(angle.current, 0, false);
      setBallVisible(true);
    }
  }, [pocket, place]);

  useEffect(() => cancelAll, [cancelAll]);

  useImperativeHandle(ref, () => ({
    spin() {
      cancelAll();
      const element = rotor.current;
      if (reducedMotion || !element || typeof element.animate !== 'function') return;
      const from = angle.current;
      running.current = [
        element.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${from + 360}deg)` }], {
          duration: spinPeriod,
          iterations: Number.POSITIVE_INFINITY,
        }),
      ];
      setBallVisible(false);
    },
    land(target) {
      const element = rotor.current;
      const final = -pocketAngle(target);
      if (
        reducedMotion ||
        !element ||
        !orbit.current ||
        !ball.current ||
        typeof element.animate !== 'function'
      ) {
        cancelAll();
        angle.current = final;
        place(final, 0, false);
        setBallVisible(true);
        return Promise.resolve();
      }
      // Where the turning wheel is now, then on to the pocket's angle at least two turns later.
      const turning = running.current[0];
      const elapsed = typeof turning?.currentTime === 'number' ? turning.currentTime : 0;
      const from = angle.current + ((elapsed % spinPeriod) / spinPeriod) * 360;
      cancelAll();
      let to = final;
      while (to < from + 720) to += 360;
      const duration = 4200;
      setBallVisible(true);
      const animations = [
        element.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }], {
          duration,
          easing: 'cubic-bezier(0.12, 0.55, 0.2, 1)',
          fill: 'forwards',
        }),
        orbit.current.animate([{ transform: 'rotate(200deg)' }, { transform: 'rotate(-1440deg)' }], {
          duration,
          easing: 'cubic-bezier(0.2, 0.6, 0.25, 1)',
          fill: 'forwards',
        }),
        ball.current.animate(
          [
            { transform: 'translateY(0)' },
            { transform: 'translateY(0)', offset: 0.6 },
            { transform: 'translateY(44%)', offset: 0.75 },
            { transform: 'translateY(30%)', offset: 0.83 },
            { transform: 'translateY(38%)' },
          ],
          { duration, easing: 'ease-out', fill: 'forwards' },
        ),
      ];
      running.current = animations;
      return Promise.all(animations.map((animation) => animation.finished)).then(
        () => {
          angle.current = ((to % 360) + 360) % 360;
          cancelAll();
          place(angle.current, 0, false);
        },
        () => {},
      );
    },
    stop() {
      cancelAll();
      place(angle.current, 0, false);
    },
  }));

  return (
    <div className="wheel" role="img" aria-label={label}>
      <div className="wheel__rotor" ref={rotor}>
        <svg viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
          <circle cx={centre} cy={centre} r="99" fill="#5a3514" />
          <circle cx={centre} cy={centre} r="95" fill="#7a4a1e" stroke="#d4af37" strokeWidth="1.5" />
          {wheelOrder.map((number, index) => {
            const from = index * step - step / 2;
            const to = from + step;
            const [tx, ty] = point(82, index * step);
            return (
              <g key={number}>
                <path
                  d={wedge(64, 92, from, to)}
                  fill={colours[pocketColour(number)]}
                  stroke="#d4af37"
                  strokeWidth="0.5"
                />
                <text
                  x={tx}
                  y={ty}
                  fill="#fff"
                  fontSize="8"
                  fontWeight="700"
                  textAnchor="middle"
                  dominantBaseline="central"
                  transform={`rotate(${index * step} ${tx} ${ty})`}
                >
                  {number}
                </text>
                <path d={wedge(52, 64, from, to)} fill="#2a1a0c" stroke="#d4af3788" strokeWidth="0.5" />
              </g>
            );
          })}
          <circle cx={centre} cy={centre} r="52" fill="#6b4219" stroke="#d4af37" strokeWidth="1.5" />
          <circle cx={centre} cy={centre} r="30" fill="#8a5a26" />
          <path
            d={`M${centre} ${centre - 28} V${centre + 28} M${centre - 28} ${centre} H${centre + 28}`}
            stroke="#d4af37"
            strokeWidth="5"
            strokeLinecap="round"
          />
          <circle cx={centre} cy={centre} r="8" fill="#d4af37" />
        </svg>
      </div>
      <div className="wheel__orbit" ref={orbit}>
        <div className={`wheel__ball${ballVisible ? '' : ' wheel__ball--hidden'}`} ref={ball} />
      </div>
      <div className="wheel__marker" aria-hidden="true" />
    </div>
  );
}
