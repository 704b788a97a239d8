import { passwordListParams } from './listQuery';

describe('passwordListParams', () => {
  it('sends only the filters that are set', () => {
    expect(passwordListParams({})).toEqual({});
    expect(passwordListParams({ search: '  ', category: undefined, favorite: false })).toEqual({});
    expect(passwordListParams({ search: ' git ', category: 'work', favorite: true, limit: 5 })).toEqual({
      search: 'git',
      category: 'work',
      favorite: true,
      limit: 5,
    });
    expect(passwordListParams({ limit: 100, cursor: '' })).toEqual({ limit: 100 });
    expect(passwordListParams({ limit: 100, cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
  });

  it('sends the order only when it is not the default, in one order of parameters', () => {
    expect(passwordListParams({ sort: 'created', favoritesFirst: false, limit: 100 })).toEqual({
      limit: 100,
    });
    const params = passwordListParams({ favoritesFirst: true, sort: 'name', limit: 100, health: 'weak' });
    expect(new URLSearchParams(params as Record<string, string>).toString()).toBe(
      'limit=100&health=weak&sort=name&favoritesFirst=true',
    );
  });
});
