import { useEffect, useState } from 'react';
import { defineIsland } from '../../common/islands';

/** Spec §9: the button appears after scrolling more than 250 px. */
function BackToTop({ threshold }: { threshold: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return (
    <button
      type="button"
      className={shown ? 'back-to-top back-to-top--shown' : 'back-to-top'}
      aria-label="Наверх"
      aria-hidden={!shown}
      tabIndex={shown ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      ↑
    </button>
  );
}

export default defineIsland('BackToTop', 'idle', BackToTop);
