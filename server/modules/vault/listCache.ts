// Serialised list answers, kept per process and keyed by the user's vault_version (which the database
// changes with every write to the user's entries): a hit skips reading and serialising the rows.
// Lists carry no secret (no password, no notes). Bounded by bytes, least recently used first out.
export class ListAnswerCache {
  private readonly answers = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  static key(userId: string, vaultVersion: number, query: object): string {
    return `${userId}\u0000${vaultVersion}\u0000${JSON.stringify(query, Object.keys(query).sort())}`;
  }

  get(key: string): Buffer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: Buffer): void {
    if (answer.length > this.maxBytes / 4) return;
    const previous = this.answers.get(key);
    if (previous) this.bytes -= previous.length;
    this.answers.delete(key);
    this.answers.set(key, answer);
    this.bytes += answer.length;
    for (const [oldest, value] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
