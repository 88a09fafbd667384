/** Resolves after `ms`: how a request that polls another's work (a flight, a claim, a render) waits between looks. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
