import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { loadingBar, loadingProgress } from './loading-progress';

/** The top loading bar during navigation (spec §2, §4, §9). */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!busy) return;
    let frame = 0;
    let startedAt = 0;
    const tick = () => {
      setProgress(loadingProgress(performance.now() - startedAt));
      frame = requestAnimationFrame(tick);
    };
    const throttle = setTimeout(() => {
      startedAt = performance.now();
      tick();
    }, loadingBar.throttleMs);
    return () => {
      clearTimeout(throttle);
      cancelAnimationFrame(frame);
      // Finish at 100 when the bar was showing, then hide and reset.
      setProgress((shown) => (shown === null ? null : 100));
    };
  }, [busy]);

  useEffect(() => {
    if (progress !== 100) return;
    const hide = setTimeout(() => setProgress(null), loadingBar.hideDelayMs);
    return () => clearTimeout(hide);
  }, [progress]);

  if (progress === null) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      style={{ width: `${progress}%`, height: loadingBar.height, background: loadingBar.color }}
    />
  );
}
