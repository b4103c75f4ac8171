/** The web's access to the clock: the one in server/ (STORE_NOW pins it). */
export { now, wallClock } from "#server/clock";
