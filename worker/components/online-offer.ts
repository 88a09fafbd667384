/** A doctor's or a service's way into online booking, as its page shows it beside the request button. */
export interface OnlineLink {
  /** The booking page at this doctor's or service's step. */
  url: string;
  /** The schedule's specialist, on a doctor's page. */
  staffId?: string;
}

/** A doctor's nearest free times (of the first service the schedule has for them), each a link into the booking at it. */
export interface NearestTimes {
  /** The service those times are for. */
  service?: string;
  times: { date: string; time: string; url: string }[];
}
