// Server tests start the real app on a real database (a PostgreSQL schema migrated from nothing, an SMTP
// server, Argon2): on a busy two-core CI machine a start alone took more than Jest's default 5 s for a
// hook. The limit is there to stop a hung test, not to time one; files that need longer still say so.
jest.setTimeout(60_000);
