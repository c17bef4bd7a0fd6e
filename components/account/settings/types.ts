/** What a settings section tells the page it lives on. */
export interface SectionProps {
  /** Feeds the unsaved-changes guard (docs/product/languages-and-routing.md#unsaved-changes-guard). */
  onDirtyChange(dirty: boolean): void;
}

/** Why the page ends the session itself and goes home (docs/product/accounts.md#wrong-current-password, docs/product/accounts.md#account-deletion). */
export type SessionEnd = 'wrongPassword' | 'deleted';

export const settingsPath = '/account/settings';
