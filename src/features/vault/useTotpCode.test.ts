import { renderHook, waitFor } from '@testing-library/react';
import { groupDigits, loadTotpCodes, useTotpCode } from './useTotpCode';

// RFC 6238's test key ("12345678901234567890" in base32).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('useTotpCode', () => {
  it('says "not yet" (undefined) until the code maker has loaded, then gives the live code', async () => {
    const { result } = renderHook(() => useTotpCode(RFC_SECRET));
    // The first render of a page that never showed a code: the rows stay masked for that moment.
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual(expect.objectContaining({ period: 30 })));
    expect(result.current?.code).toMatch(/^\d{6}$/);
  });

  it('gives the code at once once loaded, and null for a key that is not a TOTP', async () => {
    await loadTotpCodes();
    expect(renderHook(() => useTotpCode(RFC_SECRET)).result.current?.code).toMatch(/^\d{6}$/);
    expect(renderHook(() => useTotpCode('not a key!')).result.current).toBeNull();
  });

  it('groups the digits for reading', () => {
    expect(groupDigits('123456')).toBe('123 456');
    expect(groupDigits('12345678')).toBe('1234 5678');
  });
});
