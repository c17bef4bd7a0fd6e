/** What a settings section tells the page it lives on. */
export interface SectionProps {
  /** Feeds the unsaved-changes guard (spec §2). */
  onDirtyChange(dirty: boolean): void;
}

/** Why the page ends the session itself and goes home (spec §4). */
export type SessionEnd = 'wrongPassword' | 'deleted';

export const settingsPath = '/account/settings';
