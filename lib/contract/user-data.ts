/** Data values of spec §4 in user/* answers (zod-free: the settings screens read them). */
export const userData = { showCode: 'show', hideCode: 'hide', sessionEnded: 'session-ended' } as const;
