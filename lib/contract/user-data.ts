/** Data values in user/* answers (docs/product/api.md#data-and-coderesult-values) (zod-free: the settings screens read them). */
export const userData = { showCode: 'show', hideCode: 'hide', sessionEnded: 'session-ended' } as const;
