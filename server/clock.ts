/** Time as the backend sees it; tests move it to check expiry and grace periods. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
