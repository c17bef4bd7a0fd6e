import { z } from 'zod';

export const SessionInfoSchema = z.object({
  UserName: z.string().nullable(),
  DisplayName: z.string().nullable(),
  Claims: z.array(z.string()),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
