/** The time as the server sees it; tests pass one they can move to walk a lifecycle. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
