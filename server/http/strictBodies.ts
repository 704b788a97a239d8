// JSON bodies keep their JSON types. Ajv coerces scalars for querystrings and params (where everything
// arrives as text), and with one Ajv for every part it would also turn a body's 12345 into "12345", `true`
// into "true" or null into "". Before validation, this replaces such a value with one Ajv cannot coerce
// (an empty object), so validation refuses the body with the route's own 400 message.
import type { FastifyInstance } from 'fastify';
import { addRouteHook, bodySchemaOf } from './routeHooks';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

/** Whether Ajv would coerce `value` to fit `schema` (a scalar of another type, or null). */
export function wouldCoerce(schema: Schema, value: unknown): boolean {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length === 0 || !types.every((type) => SCALARS.has(type))) return false;
  const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
  return scalar && !types.some((type) => hasType(type, value));
}

/** Replaces, in place, every value of `container` that Ajv would coerce; returns how many it replaced. */
export function uncoercible(schema: Schema, value: unknown): number {
  let replaced = 0;
  const visit = (child: Schema, parent: Record<string, unknown> | unknown[], key: string | number) => {
    const item = (parent as Record<string | number, unknown>)[key];
    if (wouldCoerce(child, item)) {
      (parent as Record<string | number, unknown>)[key] = {};
      replaced += 1;
    } else {
      replaced += uncoercible(child, item);
    }
  };
  if (isPlainObject(value) && schema.properties) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (value[name] !== undefined) visit(property, value, name);
    }
  }
  if (Array.isArray(value) && schema.items) {
    for (let index = 0; index < value.length; index += 1) visit(schema.items, value, index);
  }
  return replaced;
}

/** Installs the check on every route with a body schema registered after it. A body that is not an object is left to Ajv. */
export function installStrictBodies(app: FastifyInstance): void {
  addRouteHook(
    app,
    'preValidation',
    (route) => bodySchemaOf(route) !== undefined,
    async (request) => {
      const schema = request.routeOptions.schema?.body as Schema | undefined;
      if (schema && isPlainObject(request.body)) uncoercible(schema, request.body);
    },
  );
}
