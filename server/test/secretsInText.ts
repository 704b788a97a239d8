// Which secrets a text (a server log, say) holds. A numeric one (a 6-digit code) counts only as a number
// of its own: "499998" inside a timestamp or in a response time's decimals (14.499998) is chance.

export function secretsFoundIn(text: string, secrets: Iterable<string>): string[] {
  return [...secrets].filter((value) =>
    /^\d+$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?![\\d])`).test(text) : text.includes(value),
  );
}
