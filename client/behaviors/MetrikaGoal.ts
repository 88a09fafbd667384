import { defineBehavior } from '../runtime/behavior';

declare global {
  interface Window {
    ym?: (id: number, action: 'reachGoal', goal: string) => void;
  }
}

/**
 * docs/booking.md, "Where patients meet it": a page that stands for a reached goal (a booking made) tells Metrica
 * once. The counter runs only after the visitor accepted analytics (common/consent.ts): without it, `ym` is absent
 * and nothing is sent.
 */
export default defineBehavior('MetrikaGoal', (_root, { metrikaId, goal }) => {
  if (typeof window.ym === 'function') window.ym(metrikaId, 'reachGoal', goal);
});
