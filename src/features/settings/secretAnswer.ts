// An answer that carries a TOTP secret or recovery codes reaches the screen as the payload of a
// fulfilled action, and Redux DevTools records every action. Such answers are copied into an object
// whose fields are not enumerable: the screen reads them by name, while DevTools, the sanitizer,
// the serializability check and JSON.stringify all see `{}`. (`track: false` already keeps them out
// of the store.) Defence in depth, whatever keys the DevTools sanitizer knows.

export function secretAnswer<T extends object>(answer: T): T {
  const sealed = {} as T;
  for (const key of Object.keys(answer) as (keyof T)[]) {
    Object.defineProperty(sealed, key, { value: answer[key], enumerable: false });
  }
  return Object.freeze(sealed);
}
