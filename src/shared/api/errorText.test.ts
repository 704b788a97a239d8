import { FALLBACK_ERROR, errorText, isNetworkFailure, messageOf } from './errorText';

test('errorText: data.message, else the transport message, else the generic text', () => {
  expect(errorText({ status: 400, data: { message: 'Nope' } })).toBe('Nope');
  expect(errorText({ status: 500, data: 'oops' })).toBe(FALLBACK_ERROR);
  // A request that got no answer says so in words a person can act on (not "TypeError: ...").
  expect(errorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
    "Can't reach PassVault. Check your connection and try again.",
  );
  expect(errorText({ status: 'TIMEOUT_ERROR', error: 'AbortError: timed out' })).toBe(
    "Can't reach PassVault. Check your connection and try again.",
  );
  expect(errorText({ status: 'CUSTOM_ERROR', error: 'Invalid response format' })).toBe(
    'Invalid response format',
  );
});

test("errorText: a proxy's error page instead of PassVault's answer reads as PassVault unreachable, never the parser's words", () => {
  const unreachable = "Can't reach PassVault. Check your connection and try again.";
  for (const originalStatus of [502, 503, 504]) {
    expect(
      errorText({
        status: 'PARSING_ERROR',
        originalStatus,
        data: '<html>Bad Gateway</html>',
        error: `SyntaxError: Unexpected token '<', "<html>Bad "... is not valid JSON`,
      }),
    ).toBe(unreachable);
    // The same through the import's XMLHttpRequest, which hands over the status and no data.
    expect(errorText({ status: originalStatus, data: {} })).toBe(unreachable);
  }
  // PassVault's own 503 (busy) keeps its message.
  expect(errorText({ status: 503, data: { message: 'The server is busy' } })).toBe('The server is busy');
  // Any other answer that is not JSON: the generic text, not the parser's.
  expect(
    errorText({ status: 'PARSING_ERROR', originalStatus: 200, data: 'x', error: 'SyntaxError: bad' }),
  ).toBe(FALLBACK_ERROR);
});

test("messageOf: the failure's own message, else the screen's fallback", () => {
  expect(
    messageOf({ status: 409, message: 'User with this email already exists' }, 'Registration failed'),
  ).toBe('User with this email already exists');
  expect(messageOf({ status: 500, message: FALLBACK_ERROR }, 'Registration failed')).toBe(
    'Registration failed',
  );
  expect(messageOf(undefined, 'Failed')).toBe('Failed');
  expect(messageOf({ status: 500, message: FALLBACK_ERROR })).toBe(FALLBACK_ERROR);
});

test('isNetworkFailure: no HTTP answer at all', () => {
  expect(isNetworkFailure({ status: 'FETCH_ERROR', message: 'x' })).toBe(true);
  expect(isNetworkFailure({ status: 'TIMEOUT_ERROR', message: 'x' })).toBe(true);
  expect(isNetworkFailure({ status: 500, message: 'x' })).toBe(false);
  expect(isNetworkFailure({ status: 'CUSTOM_ERROR', message: 'x' })).toBe(false);
  expect(isNetworkFailure(new Error('x'))).toBe(false);
});
