// Shapes that cross the wire between the browser app and the API server (SPEC sections 3 and 7).
import type { AutoLogoutMinutes, Category, TransferFormat } from './constants';
import type { EntryContent, PasswordEntry } from './entry';
import type { UnlockWindowChoice } from './unlockWindow';
import type { ListPreferences, ListSort } from './listOrder';
import type { GeneratorOptions } from './generatorOptions';

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  twoFactorEnabled: boolean;
  createdAt: string;
}

export type {
  CustomField,
  EntryContent,
  ExportedEntry,
  HistoryItem,
  ListedField,
  PasswordEntry,
  PasswordHealth,
  RevealedPasswordEntry,
  TrashedPasswordEntry,
} from './entry';

/** GET /passwords/health: how many entries need care (SPEC's Security Score cards stay fixed figures). */
export interface VaultHealth {
  total: number;
  /** Strength score below Good. */
  weak: number;
  /** The password is used by more than one entry. */
  reused: number;
  /** Unchanged for a year or more. */
  old: number;
}

export const HEALTH_FILTERS = ['weak', 'reused', 'old'] as const;
export type HealthFilterName = (typeof HEALTH_FILTERS)[number];

/** What a save sends (SPEC section 3): title, login and password, and any of the other fields. */
export type PasswordEntryInput = Pick<EntryContent, 'title' | 'email' | 'password'> &
  Partial<
    Pick<
      EntryContent,
      'username' | 'website' | 'category' | 'isFavorite' | 'notes' | 'tags' | 'totp' | 'fields'
    >
  >;

export interface PasswordStats {
  total: number;
  favorites: number;
  categories: Partial<Record<Category, number>>;
}

export interface PasswordListQuery {
  search?: string;
  category?: Category;
  favorite?: boolean;
  limit?: number;
  /** Where the window starts: the `nextCursor` of the window before it (keyset pagination). */
  cursor?: string;
  /** Or where it starts by position: this many entries of the list skipped (not with `cursor`). */
  offset?: number;
  /** Only the entries whose password needs this care. */
  health?: HealthFilterName;
  /** The order (newest first when absent). */
  sort?: ListSort;
  /** Favourites before the others. */
  favoritesFirst?: boolean;
}

/** One window of GET /api/passwords: its entries, in the list's order, and where the next one starts. */
export interface PasswordListPage {
  passwords: PasswordEntry[];
  /** Null when this window reaches the end of the list. */
  nextCursor: string | null;
  /** How many entries the whole list (with the same filters) holds. */
  total: number;
}

/** What the user chose (GET /user/preferences): what every page reads, without counting the vault. */
export interface Preferences extends ListPreferences {
  emailNotifications: boolean;
  securityAlerts: boolean;
  autoLogout: AutoLogoutMinutes;
  /** Issue 14: the password generator's last choice (the defaults until one is saved). */
  generator: GeneratorOptions;
  /** Settings > Security: minutes one master password unlocks the vault in a tab; 0: every time. */
  unlockMinutes: UnlockWindowChoice;
}

/** SPEC's Settings (GET /user/settings): the preferences and the Data Overview's counts. */
export interface Settings extends Preferences {
  totalPasswords: number;
  favoritePasswords: number;
  totalCategories: number;
  totalTags: number;
}

export interface ImportOptions {
  skipDuplicates: boolean;
  updateExisting: boolean;
}

export interface ImportResult {
  imported: number;
  updated: number;
  skipped: number;
  errors: { title: string; error: string }[];
}

export interface ExportResponse {
  data: string;
  filename: string;
  format: TransferFormat;
}

/** GET /auth/master-password/status: what the session has left, and whether unlocking is paused. */
export interface MasterPasswordStatus {
  /** Of the SPEC's three attempts, what this session has left. */
  attemptsRemaining: number;
  /** Unlocking is paused for the account until then (or until the mailed code is entered). */
  pausedUntil?: string;
}
