import { REDACTED, redactSecrets } from './devToolsSanitizer';

test('blanks every secret field, however deep, and keeps the rest', () => {
  const action = {
    type: 'api/executeMutation/pending',
    meta: {
      arg: {
        originalArgs: { email: 'a@b', password: 'pw', masterPassword: 'mpw', otp: '123456' },
        endpointName: 'login',
      },
    },
    payload: {
      data: { token: 'tok', user: { firstName: 'Ada' } },
      items: [{ decryptedPassword: 'x', title: 'T' }],
    },
  };
  expect(redactSecrets(action)).toEqual({
    type: 'api/executeMutation/pending',
    meta: {
      arg: {
        originalArgs: { email: 'a@b', password: REDACTED, masterPassword: REDACTED, otp: REDACTED },
        endpointName: 'login',
      },
    },
    payload: {
      data: { token: REDACTED, user: { firstName: 'Ada' } },
      items: [{ decryptedPassword: REDACTED, title: 'T' }],
    },
  });
});

test('covers the change, reset and export fields too', () => {
  const secrets = {
    currentPassword: 'a',
    newPassword: 'b',
    confirmPassword: 'c',
    currentMasterPassword: 'd',
    newMasterPassword: 'e',
    code: 'f',
    twoFactorCode: 'g',
    secret: 'h',
  };
  const shown = redactSecrets(secrets);
  expect(Object.values(shown).every((value) => value === REDACTED)).toBe(true);
});

test('leaves primitives, nulls and the input itself alone', () => {
  const input = { password: 'pw' };
  redactSecrets(input);
  expect(input.password).toBe('pw');
  expect(redactSecrets('text')).toBe('text');
  expect(redactSecrets(null)).toBeNull();
  expect(redactSecrets({ password: null })).toEqual({ password: null });
});

test("blanks an entry's TOTP, its code and the values of hidden custom fields, not the open ones", () => {
  const revealed = {
    title: 'GitHub',
    hasTotp: true,
    totp: 'otpauth://totp/GitHub:octo?secret=JBSWY3DPEHPK3PXP',
    totpCode: '123456',
    totpRemaining: 12,
    fields: [
      { name: 'Team', value: 'octo-team', hidden: false },
      { name: 'Security answer', value: 'maiden name', hidden: true },
    ],
  };
  expect(redactSecrets({ payload: revealed })).toEqual({
    payload: {
      title: 'GitHub',
      hasTotp: true,
      totp: REDACTED,
      totpCode: REDACTED,
      totpRemaining: 12,
      fields: [
        { name: 'Team', value: 'octo-team', hidden: false },
        { name: 'Security answer', value: REDACTED, hidden: true },
      ],
    },
  });
});

test('blanks the unlock key, however it travels: an answer, or the header of a request in `meta`', () => {
  const headers = new Headers({
    authorization: 'Bearer tok',
    'X-Vault-Unlock': 'k3y-of-the-tab',
    'content-type': 'application/json',
  });
  const action = {
    type: 'api/executeMutation/fulfilled',
    payload: { data: { unlockKey: 'k3y-of-the-tab', expiresAt: '2026-01-01T00:05:00.000Z' } },
    meta: { baseQueryMeta: { request: { url: '/api/passwords/1/view', headers } } },
  };
  expect(redactSecrets(action)).toEqual({
    type: 'api/executeMutation/fulfilled',
    payload: { data: { unlockKey: REDACTED, expiresAt: '2026-01-01T00:05:00.000Z' } },
    meta: {
      baseQueryMeta: {
        request: {
          url: '/api/passwords/1/view',
          headers: {
            authorization: REDACTED,
            'x-vault-unlock': REDACTED,
            'content-type': 'application/json',
          },
        },
      },
    },
  });
  // The request itself is left as it was.
  expect(headers.get('X-Vault-Unlock')).toBe('k3y-of-the-tab');
});

test('blanks everything the detail panel shows after a reveal, and keeps what the list shows', () => {
  // The answer of POST /passwords/{id}/view passes through a `viewPassword` action (never the cache).
  const revealed = {
    _id: 'gh',
    title: 'GitHub',
    email: 'octo@example.com',
    username: 'octo',
    website: 'https://github.com',
    category: 'work',
    isFavorite: true,
    tags: ['dev'],
    password: 'Gh-S3cret!pass',
    notes: 'Recovery codes:\n1234-5678',
    totp: 'otpauth://totp/GitHub:octo?secret=JBSWY3DPEHPK3PXP',
    totpCode: '123456',
    totpRemaining: 12,
    hasTotp: true,
    fields: [
      { name: 'Team', value: 'octo-team', hidden: false },
      { name: 'Recovery PIN', value: '0042', hidden: true },
    ],
    createdAt: '2026-01-03T14:05:00.000Z',
    updatedAt: '2026-02-10T09:30:00.000Z',
  };
  const action = {
    type: 'api/executeMutation/fulfilled',
    payload: revealed,
    meta: { arg: { endpointName: 'viewPassword', originalArgs: { id: 'gh', masterPassword: 'M4ster!pw' } } },
  };
  const shown = redactSecrets(action);
  expect(shown.payload).toEqual({
    ...revealed,
    password: REDACTED,
    notes: REDACTED,
    totp: REDACTED,
    totpCode: REDACTED,
    fields: [
      { name: 'Team', value: 'octo-team', hidden: false },
      { name: 'Recovery PIN', value: REDACTED, hidden: true },
    ],
  });
  expect(shown.meta.arg.originalArgs).toEqual({ id: 'gh', masterPassword: REDACTED });
});
