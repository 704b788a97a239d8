// Shapes that cross the wire between the browser app and the API server (SPEC sections 3 and 7).
import type { AutoLogoutMinutes, Category, TransferFormat } from './constants';

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  twoFactorEnabled: boolean;
  createdAt: string;
}

/** A vault entry as lists carry it: never the password or the notes. */
export interface PasswordEntry {
  _id: string;
  title: string;
  /** An e-mail address or a username, as the user typed it. */
  email: string;
  username: string;
  website: string;
  category: Category;
  isFavorite: boolean;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

/** What `POST /passwords/{id}/view` answers in `data.password`: the entry with its secrets. */
export interface RevealedPasswordEntry extends PasswordEntry {
  password: string;
  notes: string;
}

export interface PasswordEntryInput {
  title: string;
  email: string;
  username?: string;
  password: string;
  website?: string;
  category?: Category;
  isFavorite?: boolean;
  notes?: string;
  tags?: string[];
}

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
}

export interface Settings {
  emailNotifications: boolean;
  securityAlerts: boolean;
  autoLogout: AutoLogoutMinutes;
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

/** Every error answer of the API. */
export interface ApiError {
  message: string;
}
