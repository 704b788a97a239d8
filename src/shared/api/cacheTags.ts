// The cache tags of baseApi: what a change makes stale, here and in this browser's other tabs.

export const CACHE_TAG_TYPES = [
  'Password',
  'Stats',
  'Health',
  'Trash',
  'Settings',
  'User',
  'MasterPasswordStatus',
] as const;

export type CacheTagType = (typeof CACHE_TAG_TYPES)[number];
export type CacheTag = CacheTagType | { type: CacheTagType; id: string };
