export { default } from './entries/workers';
// The booking times' holds (docs/booking.md, "Never two patients in one slot"): wrangler.toml binds the class from here.
export { SlotHold } from './platform/workers/slot-hold';
