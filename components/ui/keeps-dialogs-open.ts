/** Marks an element whose clicks do not count as outside an open dialog (the snack bar). */
export const keepsDialogsOpen = 'data-keeps-dialogs-open';
