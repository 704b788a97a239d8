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

  it('sends an offset only past the start, so the first window keeps its URL', () => {
    const first = new URLSearchParams(passwordListParams({ limit: 100 }) as Record<string, string>);
    for (const offset of [undefined, 0, -5]) {
      const params = passwordListParams({ limit: 100, offset });
      expect(new URLSearchParams(params as Record<string, string>).toString()).toBe(first.toString());
    }
    const deep = passwordListParams({ search: 'git', limit: 100, offset: 70_000, sort: 'name' });
    expect(new URLSearchParams(deep as Record<string, string>).toString()).toBe(
      'search=git&limit=100&offset=70000&sort=name',
    );
  });
});
