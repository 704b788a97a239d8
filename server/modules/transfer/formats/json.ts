// JSON text to a value, with an error that says where the text is broken but never quotes it: the text
// is a vault, and V8's own messages echo a piece of it.
import { badRequest } from '../../../http/errors';

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    const where = position ? ` (${lineAndColumn(text, Number(position[1]))})` : ' (it ends too early)';
    throw badRequest(`Malformed JSON: the data is not valid JSON${where}`);
  }
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value as text: strings as they are, numbers and booleans written out, anything else ''. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
