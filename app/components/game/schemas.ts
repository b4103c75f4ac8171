import { z } from "zod";

/** The game's one form: a play (no field to choose anything: the server draws the prize). */
export const playSchema = z.object({ intent: z.literal("play") });
