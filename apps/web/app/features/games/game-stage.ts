import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

/**
 * Full screen for the game's container (Fullscreen API), or — where a browser has none for elements, as
 * on the iPhone — the container stretched over the whole window.
 */
export function useFullscreen(stage: React.RefObject<HTMLDivElement | null>) {
  const [native, setNative] = useState(false);
  const [stretched, setStretched] = useState(false);
  useEffect(() => {
    const onChange = () => setNative(document.fullscreenElement === stage.current && stage.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stage]);
  useEffect(() => {
    if (!stretched) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setStretched(false);
    };
    document.documentElement.classList.add('game-stretched');
    window.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('game-stretched');
      window.removeEventListener('keydown', onKey);
    };
  }, [stretched]);
  const toggle = useCallback(() => {
    const element = stage.current;
    if (!element) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (stretched) {
      setStretched(false);
      return;
    }
    if (document.fullscreenEnabled && element.requestFullscreen) {
      element.requestFullscreen().catch(() => setStretched(true));
    } else {
      setStretched(true);
    }
  }, [stage, stretched]);
  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    setStretched(false);
  }, []);
  return { on: native || stretched, stretched, toggle, leave };
}

/**
 * The stage's `--stage-top`, set on the game page as the server's HTML is parsed by an inline script
 * between an empty marker (where the stage will start) and the stage: the stage is sized from it, and
 * the default it had until the page's code ran moved and resized it after the first paint (layout shift
 * 0.16 on a desktop). The HTML arrives in pieces and Chromium paints between them, so the script runs
 * before the stage exists: no paint shows the stage unsized. The same measure as useStageTop's, which
 * then sets it on the stage itself.
 */
export const stageTopScript =
  "(function(m){m.parentElement.style.setProperty('--stage-top',Math.round(m.getBoundingClientRect().top+window.scrollY)+'px')})(document.currentScript.previousElementSibling)";

/** On a phone the game fills the screen below the bar: the stage knows how far down it starts. */
export function useStageTop(stage: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--stage-top', `${Math.round(top)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const above of document.querySelectorAll('.header, .game-bar, .confirm-bar'))
      observer?.observe(above);
    // What the page shows above the stage after it loads (the bonus-money notice) moves it down too.
    if (element.parentElement) observer?.observe(element.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stage]);
}
